/**
 * How much room a question's picture takes where it is shown: pass one of these as QuestionImage's
 * `box`. Every box has its size before the picture arrives (16:9, its height capped, and its width
 * with it so that no wide empty band frames a picture on a large screen), so its arrival moves
 * nothing on the page. They are separate constants, not one object, so that a page's bundle
 * carries only the box it uses, and in a module of their own so that server components (the
 * results page) can import them.
 */
/** Solo play and a study card: with the prompt and four options, Submit stays on a 390×844 screen. */
export const CARD_BOX = "mx-auto max-h-[18dvh] max-w-[32dvh] sm:max-h-[30dvh] sm:max-w-[53.3dvh]";
/** A live game's phone: the prompt, the picture, four answer tiles and Submit fit one screen. */
export const PHONE_BOX = "mx-auto max-h-[20dvh] max-w-[35.5dvh]";
/** The host's big screen, read from across a room, with the answer tiles still below it. */
export const SCREEN_BOX = "mx-auto max-h-[24vh] max-w-[42.6vh]";
/** The results page's review and the editor: a small copy beside the text. */
export const THUMB_BOX = "max-w-64";
