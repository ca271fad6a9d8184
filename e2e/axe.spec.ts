import { expect, test } from "./fixtures";
import { axeViolations, seriousViolations } from "./axe";

/**
 * The accessibility checks of every other spec pass when axe finds nothing, so the helper itself is
 * checked here: on a page with known faults it reports each, in the light pass, the dark (colour)
 * pass, a part of the page, and the serious ones.
 */
test("the axe helper reports a page's known faults", async ({ page }) => {
  test.skip(test.info().project.name !== "desktop-pglite", "the helper does not depend on the server");
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Faults</title></head><body><main>
      <h1>Faults</h1>
      <img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p id="pale" style="color:#bbb;background:#fff">pale text</p>
      <button id="empty"></button>
    </main></body></html>`,
  );
  const ids = (vs: { id: string }[]) => vs.map((v) => v.id).sort();
  expect(ids(await axeViolations(page, "light"))).toEqual(["button-name", "color-contrast", "image-alt"]);
  expect(ids(await axeViolations(page, "dark"))).toEqual(["color-contrast"]);
  expect(ids(await axeViolations(page, "light", "#pale"))).toEqual(["color-contrast"]);
  expect(await seriousViolations(page, "faults")).toEqual([
    "faults: button-name — #empty",
    "faults: color-contrast — #pale",
    "faults: image-alt — #no-alt",
  ]);
});
