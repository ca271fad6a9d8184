import type { LucideIcon } from "lucide-react/types";
import Clapperboard from "lucide-react/icons/clapperboard";
import Code from "lucide-react/icons/code";
import Dumbbell from "lucide-react/icons/dumbbell";
import Earth from "lucide-react/icons/earth";
import FlaskConical from "lucide-react/icons/flask-conical";
import Landmark from "lucide-react/icons/landmark";
import Languages from "lucide-react/icons/languages";
import Leaf from "lucide-react/icons/leaf";
import Music from "lucide-react/icons/eighth-notes";
import Palette from "lucide-react/icons/palette";
import Sigma from "lucide-react/icons/sigma";
import Sparkles from "lucide-react/icons/sparkles";
import UtensilsCrossed from "lucide-react/icons/utensils-crossed";
import { clsx } from "clsx";

const STYLE: Record<string, { icon: LucideIcon; tone: string }> = {
  science: { icon: FlaskConical, tone: "bg-sky-100 text-sky-700 dark:bg-sky-950 dark:text-sky-300" },
  geography: { icon: Earth, tone: "bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300" },
  history: { icon: Landmark, tone: "bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300" },
  languages: { icon: Languages, tone: "bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300" },
  programming: { icon: Code, tone: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200" },
  music: { icon: Music, tone: "bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-950 dark:text-fuchsia-300" },
  sport: { icon: Dumbbell, tone: "bg-orange-100 text-orange-700 dark:bg-orange-950 dark:text-orange-300" },
  art: { icon: Palette, tone: "bg-pink-100 text-pink-700 dark:bg-pink-950 dark:text-pink-300" },
  film: { icon: Clapperboard, tone: "bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300" },
  food: { icon: UtensilsCrossed, tone: "bg-lime-100 text-lime-800 dark:bg-lime-950 dark:text-lime-300" },
  nature: { icon: Leaf, tone: "bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300" },
  maths: { icon: Sigma, tone: "bg-cyan-100 text-cyan-700 dark:bg-cyan-950 dark:text-cyan-300" },
};
const FALLBACK = { icon: Sparkles, tone: "bg-violet-100 text-violet-700 dark:bg-violet-950 dark:text-violet-300" };

export function categoryStyle(category: string) {
  return STYLE[category] ?? FALLBACK;
}

export function CategoryIcon({ category, className }: { category: string; className?: string }) {
  const { icon: Icon, tone } = categoryStyle(category);
  return (
    <span className={clsx("inline-flex items-center justify-center rounded-xl", tone, className ?? "size-10")} aria-hidden>
      <Icon className="size-1/2" />
    </span>
  );
}
