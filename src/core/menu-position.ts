/**
 * Where a drop-down menu goes so that it stays inside the window (the editor's Export menu on a
 * phone, where the toolbar wraps). Pure: the component measures, this decides.
 *
 * The menu hangs below its button, aligned with the button's right edge when it fits, else its
 * left edge; when neither fits (a narrow window, a button in the middle of a row) it is moved just
 * enough to keep `edge` pixels from both sides, and a menu wider than the window minus the edges
 * is narrowed to fit. Returns the menu's left offset from the button's left edge, and its width.
 */
export function menuPosition(button: { left: number; right: number }, menuWidth: number, viewportWidth: number, edge = 8): { left: number; width: number } {
  const width = Math.max(0, Math.min(menuWidth, viewportWidth - 2 * edge));
  const rightAligned = button.right - width;
  const leftAligned = button.left;
  const start =
    rightAligned >= edge ? rightAligned : leftAligned + width <= viewportWidth - edge ? leftAligned : Math.min(Math.max(edge, rightAligned), viewportWidth - edge - width);
  return { left: Math.round(start - button.left), width };
}
