// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useCountdown, type CountdownSource } from "./use-countdown";

// React's act() flushes effects and state updates when this is set (as testing libraries do).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The hook in a component, rendered by React into a DOM, on fake timers and a fake
 * performance.now(): what each render returned, in order.
 */
function mount() {
  const seen: (number | null)[] = [];
  const Probe = ({ source }: { source: CountdownSource | null }) => {
    seen.push(useCountdown(source));
    return null;
  };
  const root: Root = createRoot(document.createElement("div"));
  const render = (source: CountdownSource | null) => act(() => root.render(createElement(Probe, { source })));
  const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  /** The number shown now, in whole seconds (what the screens print). */
  const shown = () => {
    const left = seen.at(-1);
    return left == null ? left : Math.ceil(left / 1000);
  };
  return { seen, render, advance, shown, unmount: () => act(() => root.unmount()) };
}

describe("useCountdown in a rendered component", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts down from the server's number, re-rendering once per whole second, and stops at 0", async () => {
    const c = mount();
    await c.render({ remainingMs: 3300 });
    expect(c.shown()).toBe(4);
    const renders = c.seen.length;
    await c.advance(299);
    expect(c.shown()).toBe(4);
    expect(c.seen.length).toBe(renders); // no render within a second shown
    await c.advance(1);
    expect(c.shown()).toBe(3);
    await c.advance(1000);
    expect(c.shown()).toBe(2);
    await c.advance(2000);
    expect(c.seen.at(-1)).toBe(0);
    const atZero = c.seen.length;
    await c.advance(5000);
    expect(c.seen.length).toBe(atZero); // nothing ticks after 0
    await c.unmount();
  });

  it("holds a paused clock where the server stopped it", async () => {
    const c = mount();
    await c.render({ remainingMs: 7500, paused: true });
    await c.advance(10_000);
    expect(c.seen.at(-1)).toBe(7500);
    await c.unmount();
  });

  it("shows a new question's own time in its first render, never the last one's 0", async () => {
    const c = mount();
    await c.render({ remainingMs: 1000 });
    await c.advance(1000);
    expect(c.seen.at(-1)).toBe(0);
    const before = c.seen.length;
    await c.render({ remainingMs: 20_000 });
    // Every render from the new source on shows its time: no 0 (which would send "no answer").
    expect(c.seen.slice(before)).not.toContain(0);
    expect(c.seen[before]).toBe(20_000);
    await c.advance(1000);
    expect(c.shown()).toBe(19);
    await c.unmount();
  });

  it("shows nothing without a source, and stops the old timer when the source goes", async () => {
    const c = mount();
    await c.render({ remainingMs: 5000 });
    await c.render(null);
    expect(c.seen.at(-1)).toBeNull();
    const renders = c.seen.length;
    await c.advance(6000);
    expect(c.seen.length).toBe(renders);
    await c.unmount();
  });
});
