export * from "./users";
export * from "./auth";
export * from "./quizzes";
export * from "./play";
export * from "./live";
export * from "./study";
export * from "./social";
