import Compass from "lucide-react/icons/compass";
import GraduationCap from "lucide-react/icons/graduation-cap";
import House from "lucide-react/icons/house";
import Smartphone from "lucide-react/icons/smartphone";
import type { NavMatch } from "./nav-link";

/** The main destinations, shared by the header (desktop) and the bottom tab bar (phones). */
export const NAV_LINKS: readonly { href: string; key: "home" | "explore" | "study" | "join"; icon: typeof House; match: NavMatch }[] = [
  { href: "/", key: "home", icon: House, match: { exact: "/" } },
  { href: "/explore", key: "explore", icon: Compass, match: { prefixes: ["/explore", "/quiz"] } },
  { href: "/study", key: "study", icon: GraduationCap, match: { prefixes: ["/study"] } },
  { href: "/join", key: "join", icon: Smartphone, match: { prefixes: ["/join"] } },
];
