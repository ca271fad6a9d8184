import { Compass, GraduationCap, House, Smartphone } from "lucide-react";

/** The main destinations, shared by the header (desktop) and the bottom tab bar (phones). */
export const NAV_LINKS = [
  { href: "/", key: "home", icon: House, match: (p: string) => p === "/" },
  { href: "/explore", key: "explore", icon: Compass, match: (p: string) => p.startsWith("/explore") || p.startsWith("/quiz") },
  { href: "/study", key: "study", icon: GraduationCap, match: (p: string) => p.startsWith("/study") },
  { href: "/join", key: "join", icon: Smartphone, match: (p: string) => p.startsWith("/join") },
] as const;
