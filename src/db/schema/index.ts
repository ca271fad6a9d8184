export * from "./users";
export * from "./auth";
export * from "./second-factors";
export * from "./quizzes";
export * from "./play";
export * from "./live";
export * from "./study";
export * from "./social";
