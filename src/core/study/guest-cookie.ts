/**
 * Set while this browser keeps a guest's study (src/components/study/guest-store.ts), so the home
 * page knows before any script runs to keep room for the guest's strip, and leaves the room (and
 * the work) out for everyone else. A module of its own: the study session's bundle takes this
 * name and nothing else.
 */
export const GUEST_STUDY_COOKIE = "qd_guest_study";
