import { expect, isPhone, sidewaysOverflow, test, PHONE } from "./fixtures";

test("home shows the join box, seeded popular and new quizzes and the categories", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Join a game" })).toBeVisible();
  await expect(page.getByLabel("Game PIN")).toBeVisible();
  const popular = page.getByTestId("popular-quizzes").getByRole("listitem");
  await expect(popular).toHaveCount(6);
  await expect(page.getByTestId("new-quizzes").getByRole("listitem")).toHaveCount(6);
  const first = popular.first().getByRole("heading");
  const title = await first.innerText();
  await first.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await page.goBack();
  await expect(page.getByRole("link", { name: /^Geography/ })).toHaveAttribute("href", "/explore?category=geography");
});

test("searching from the header reaches /explore with results", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "Search quizzes" }).locator("visible=true");
  await search.fill("solar");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/explore\?q=solar$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Results for “solar”");
  await expect(page.getByTestId("explore-results").getByRole("link", { name: "Solar System Basics" })).toBeVisible();
});

test("a search with a typo still finds the quiz", async ({ page }) => {
  await page.goto("/explore?q=capitols");
  await expect(page.getByTestId("explore-results").getByRole("link", { name: "World Capitals" })).toBeVisible();
});

test("filters live in the URL and back restores them", PHONE, async ({ page }) => {
  await page.goto("/explore");
  if (isPhone(page)) await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption("geography");
  await expect(page).toHaveURL(/category=geography/);
  const cards = page.getByTestId("explore-results").getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allInnerTexts()) expect(text.toLowerCase()).toContain("geography");
  // On a phone the panel stays open after a choice, and its button counts what the filters find.
  await page.getByLabel("Language", { exact: true }).selectOption("es");
  await expect(page).toHaveURL(/language=es/);
  await expect(cards).toHaveCount(1);
  if (isPhone(page)) {
    await expect(page.getByTestId("filters-toggle")).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByTestId("filters-toggle")).toContainText("1 quiz");
    await page.getByRole("button", { name: "Show 1 quiz" }).click();
    await expect(page.getByLabel("Language", { exact: true })).toBeHidden();
  }
  await page.goBack();
  await expect(page).toHaveURL(/category=geography$/);
  await expect(page.getByLabel("Language", { exact: true })).toHaveValue("");
  expect(await cards.count()).toBeGreaterThan(1);
});

test("the library pages through results and keeps the filters", async ({ page }) => {
  // Other tests publish quizzes meanwhile, and the newest come first: a quiz published between the
  // two pages pushes one from page 1 onto page 2. Read both again until none came in between.
  // Tests publish quizzes under the same titles, so a quiz is told by its link, not its title.
  const quizLinks = () =>
    page.getByTestId("explore-results").getByRole("heading").getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  await expect(async () => {
    await page.goto("/explore?limit=5&sort=new");
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const firstPage = await quizLinks();
    expect(firstPage).toHaveLength(5);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=new/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    const secondPage = await quizLinks();
    expect(secondPage.some((href) => firstPage.includes(href))).toBe(false);
  }).toPass({ timeout: 30_000 });
  await page.getByRole("link", { name: "Previous" }).click();
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
});

test("an empty search result says so and offers a way back", async ({ page }) => {
  await page.goto("/explore?q=zzqqxxyy");
  await expect(page.getByRole("heading", { name: "No quizzes match" })).toBeVisible();
  await page.getByRole("link", { name: "Show all quizzes" }).click();
  await expect(page).toHaveURL(/\/explore$/);
});

test("a quiz page opens from its card and shows the quiz without answers", async ({ page }) => {
  await page.goto("/explore?q=solar+system");
  await page.getByTestId("explore-results").getByRole("link", { name: "Solar System Basics" }).click();
  await expect(page).toHaveURL(/\/quiz\/solar-system-basics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Solar System Basics" })).toBeVisible();
  await expect(page).toHaveTitle("Solar System Basics · Quizdeck");
  // After a client-side navigation the search page's og:title can stay beside the quiz's for a moment.
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Solar System Basics");
  const og = await page.locator('meta[property="og:image"]').getAttribute("content");
  const image = await page.request.get(og!);
  expect(image.headers()["content-type"]).toBe("image/png");
  await expect(page.getByTestId("question-types").getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("by Quizdeck Team")).toBeVisible();
});

test("unknown routes and unknown quizzes answer 404 with the not-found screen", async ({ page }) => {
  for (const path of ["/no-such-page", "/quiz/no-such-quiz"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "This page could not be found." })).toBeVisible();
  }
});

test("pages for members answer 401 with the sign-in screen", async ({ page }) => {
  const response = await page.goto("/me");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Sign in needed" })).toBeVisible();
});

test("the language switch turns the interface to Spanish and remembers it", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("language-switcher").selectOption("es");
  await expect(page.getByRole("heading", { name: "Unirse a una partida" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Cuestionarios populares" })).toBeVisible();
  await page.getByTestId("language-switcher").selectOption("en");
  await expect(page.getByRole("heading", { name: "Popular quizzes" })).toBeVisible();
});

test.describe("a browser that prefers Spanish", () => {
  test.use({ locale: "es-ES" });
  test("gets Spanish on its first visit", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: "Cuestionarios populares" })).toBeVisible();
  });
});

test("the theme toggle switches to dark and the choice survives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  await page.getByTestId("theme-toggle").click();
  await expect(html).toHaveClass(/dark/);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).not.toBe("rgb(250, 250, 250)");
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByTestId("theme-toggle").click();
  await expect(html).not.toHaveClass(/dark/);
});

test("the system dark preference is followed by default", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("the skip link is the first stop and moves focus to the content", async ({ page }) => {
  await page.goto("/explore");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("joining with an unknown PIN explains what to do", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Game PIN").fill("123456");
  await page.getByLabel("Game PIN").press("Enter");
  await expect(page).toHaveURL(/\/join\/123456$/);
  await expect(page.getByRole("alert").filter({ hasText: /PIN/ })).toHaveText("There is no open game with PIN 123456. Check the PIN on the host's screen.");
  await page.goto("/join?pin=12");
  await expect(page.getByRole("alert").filter({ hasText: /PIN/ })).toHaveText("A game PIN has exactly 6 digits.");
});

test("the phone layout has a bottom tab bar and no sideways scrolling, down to 320 px", PHONE, async ({ page }) => {
  test.skip(!isPhone(page), "phone only");
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 700 });
    for (const path of ["/", "/explore", "/quiz/world-capitals"]) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Main" }).locator("visible=true")).toBeVisible();
      const overflow = await sidewaysOverflow(page);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      await expect(page.getByTestId("user-menu")).toBeInViewport({ ratio: 1 });
    }
  }
});

test("on a phone the quiz page shows Play on the first screen", PHONE, async ({ page }) => {
  test.skip(!isPhone(page), "phone only");
  for (const slug of ["solar-system-basics", "geografia-de-america-latina", "world-capitals"]) {
    await page.goto(`/quiz/${slug}`);
    await expect(page.getByTestId("play"), slug).toBeInViewport({ ratio: 1 });
  }
});
