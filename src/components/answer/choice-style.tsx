import type { LucideIcon } from "lucide-react/types";
import Circle from "lucide-react/icons/circle";
import Diamond from "lucide-react/icons/diamond";
import Hexagon from "lucide-react/icons/hexagon";
import Square from "lucide-react/icons/square";
import Star from "lucide-react/icons/star";
import Triangle from "lucide-react/icons/triangle";
import { CHOICE_PALETTE } from "./choice-palette";

/**
 * Answer options are told apart by letter and shape as well as colour (docs/rules.md, issue 3:
 * never by colour alone); the colours are chosen for colour-vision deficiencies (choice-palette.ts).
 */
const SHAPES: LucideIcon[] = [Triangle, Diamond, Circle, Square, Star, Hexagon];
export const CHOICE_STYLES: { letter: string; shape: LucideIcon; tone: string; solid: string }[] = CHOICE_PALETTE.map((c, i) => ({ ...c, shape: SHAPES[i]! }));

export function ChoiceBadge({ index }: { index: number }) {
  const style = CHOICE_STYLES[index] ?? CHOICE_STYLES[0]!;
  const Shape = style.shape;
  return (
    <span className={`inline-flex h-10 shrink-0 items-center gap-1 rounded-lg px-2 font-bold ${style.solid}`} aria-hidden>
      <Shape className="size-4 fill-current" />
      {style.letter}
    </span>
  );
}
