"use client";

import Swords from "lucide-react/icons/swords";
import Link from "@/components/ui/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition } from "react";
import { buttonClass } from "@/components/ui/button";
import { useErrorText } from "@/components/ui/error-text";
import { useFieldErrorText } from "@/components/ui/field-error-text";
import { TextField } from "@/components/ui/field";
import { useTimeZone } from "@/components/ui/local-time";
import { ATTEMPTS_DEFAULT, ATTEMPTS_MAX, ATTEMPTS_MIN, dateTimeLocalValue, defaultClosesAt, latestClosesAt } from "@/core/challenge/rules";
import type { PointsMultiplier, ScoringRules } from "@/core/scoring";
import { PointsPerQuestion } from "@/components/host/points-per-question";
import { createChallengeAction } from "@/server/actions/challenges";

type Field = "closesAt" | "opensAt" | "attemptsAllowed";
type Errors = Partial<Record<Field | "_", string>>;

/** A datetime-local value in this browser's zone on that date (daylight saving may differ from today's). */
const local = (d: Date) => dateTimeLocalValue(d, -d.getTimezoneOffset());
/** A datetime-local value as a moment: the browser reads it in its own zone. Anything else goes as typed, for the rules to refuse. */
const moment = (value: string) => {
  const d = new Date(value);
  return value && !Number.isNaN(d.getTime()) ? d.toISOString() : value;
};

/** The rules (src/core/challenge/schema.ts, built on zod) load when the form is first used, not with the page. */
const loadRules = () => import(/* webpackChunkName: "form-rules" */ "@/core/challenge/schema");

/**
 * The small form behind a quiz's Challenge button: when it closes and opens, in the member's own
 * time zone, and how many attempts each player has. The browser turns its local times into UTC;
 * the rules check them here first (the browser's clock) and again on the server (its clock).
 */
export function CreateChallengeForm({ slug, scoring }: { slug: string; scoring: ScoringRules }) {
  const t = useTranslations("challenge");
  const ts = useTranslations("scoring");
  // The quiz's own scoring is where a challenge starts; its owner may change it here.
  const [speedBonus, setSpeedBonus] = useState(scoring.speedBonus);
  const [streakBonus, setStreakBonus] = useState(scoring.streakBonus);
  const [multipliers, setMultipliers] = useState<PointsMultiplier[]>([...scoring.pointsMultipliers]);
  const fieldText = useFieldErrorText();
  const errorText = useErrorText();
  const router = useRouter();
  const zone = useTimeZone();
  const id = useId();
  // Filled in once mounted: the server knows neither the member's clock nor their time zone.
  const [closes, setCloses] = useState("");
  const [opens, setOpens] = useState("");
  const [limits, setLimits] = useState<{ min: string; max: string } | null>(null);
  const [attempts, setAttempts] = useState(String(ATTEMPTS_DEFAULT));
  const [errors, setErrors] = useState<Errors>({});
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    const now = new Date();
    setCloses(local(defaultClosesAt(now)));
    setOpens(local(now));
    setLimits({ min: local(now), max: local(latestClosesAt(now)) });
  }, []);

  const submit = () => {
    const input = {
      quiz: slug,
      closesAt: moment(closes),
      opensAt: opens ? moment(opens) : undefined,
      attemptsAllowed: Number(attempts),
      speedBonus,
      streakBonus,
      pointsMultipliers: multipliers,
    };
    startTransition(async () => {
      const { challengeInput } = await loadRules();
      const parsed = challengeInput(new Date()).safeParse(input);
      if (!parsed.success) {
        const next: Errors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          next[field === "closesAt" || field === "opensAt" || field === "attemptsAllowed" ? field : "_"] ??= fieldText(issue.message);
        }
        setErrors(next);
        return;
      }
      setErrors({});
      const res = await createChallengeAction(parsed.data);
      if (res.ok) {
        router.push(`/challenge/${res.value.code}`);
        return;
      }
      const codes = res.fieldCodes ?? {};
      const next: Errors = {};
      for (const field of ["closesAt", "opensAt", "attemptsAllowed"] as const) if (codes[field]) next[field] = fieldText(codes[field][0]);
      if (Object.keys(next).length === 0) next._ = errorText(res.code);
      setErrors(next);
    });
  };

  return (
    <form
      noValidate
      className="space-y-5"
      onFocus={() => void loadRules()}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      data-testid="challenge-form"
    >
      <TextField
        id={`${id}-closes`}
        name="closesAt"
        type="datetime-local"
        label={t("closesAt")}
        help={t("closesHelp", { zone })}
        value={closes}
        onChange={(e) => setCloses(e.target.value)}
        min={limits?.min}
        max={limits?.max}
        required
        error={errors.closesAt}
      />
      <TextField
        id={`${id}-opens`}
        name="opensAt"
        type="datetime-local"
        label={t("opensAt")}
        help={t("opensHelp")}
        value={opens}
        onChange={(e) => setOpens(e.target.value)}
        max={limits?.max}
        error={errors.opensAt}
      />
      <TextField
        id={`${id}-attempts`}
        name="attemptsAllowed"
        type="number"
        inputMode="numeric"
        min={ATTEMPTS_MIN}
        max={ATTEMPTS_MAX}
        step={1}
        label={t("attemptsAllowed")}
        help={t("attemptsHelp", { min: ATTEMPTS_MIN, max: ATTEMPTS_MAX })}
        value={attempts}
        onChange={(e) => setAttempts(e.target.value)}
        required
        className="max-w-32"
        error={errors.attemptsAllowed}
      />
      <fieldset className="grid gap-3 rounded-2xl border border-zinc-200 p-4 dark:border-zinc-700">
        <legend className="px-1 text-sm font-semibold">{ts("heading")}</legend>
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" checked={speedBonus} onChange={(e) => setSpeedBonus(e.target.checked)} className="size-5 shrink-0 accent-brand-600" data-testid="challenge-speed" />
          {ts("speedBonus")}
        </label>
        <label className="flex items-center gap-3 text-sm font-medium">
          <input type="checkbox" checked={streakBonus} onChange={(e) => setStreakBonus(e.target.checked)} className="size-5 shrink-0 accent-brand-600" data-testid="challenge-streak" />
          {ts("streakBonus")}
        </label>
        <PointsPerQuestion multipliers={multipliers} onChange={setMultipliers} />
      </fieldset>
      {errors._ && (
        <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200">
          {errors._}
        </p>
      )}
      {/* The field messages, read out when a submit fails (they appear beside their fields). */}
      <p aria-live="polite" className="sr-only">
        {[errors.closesAt, errors.opensAt, errors.attemptsAllowed].filter(Boolean).join(". ")}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass("primary", "lg")} disabled={pending || !limits} data-testid="challenge-create">
          <Swords className="size-5" aria-hidden />
          {t("create")}
        </button>
        <Link href={`/quiz/${slug}`} className={buttonClass("secondary", "lg")}>
          {t("cancel")}
        </Link>
      </div>
    </form>
  );
}
