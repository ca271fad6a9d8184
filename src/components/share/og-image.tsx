import { ImageResponse } from "next/og";
import type { ReactNode } from "react";

/** The size of every Open Graph image and share card (docs/rules.md §9). */
export const OG_SIZE = { width: 1200, height: 630 };

/**
 * An Open Graph image in Quizdeck's frame (brand gradient, padding, its rows spread top to
 * bottom). Satori draws only flex layouts from inline styles, hence no Tailwind here, and it lays
 * out a fragment as one box (its rows then piled up at the top), so the rows come as a list.
 */
export function ogImage(...rows: ReactNode[]): ImageResponse {
  return new ImageResponse(
    <div
      style={{
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        width: "100%",
        height: "100%",
        padding: 64,
        color: "white",
        backgroundImage: "linear-gradient(135deg, #6d28d9 0%, #7c3aed 50%, #c026d3 100%)",
      }}
    >
      {rows.map((row, i) => (
        <div key={i} style={{ display: "flex", flexDirection: "column" }}>
          {row}
        </div>
      ))}
    </div>,
    OG_SIZE,
  );
}
