import ArrowRight from "lucide-react/icons/arrow-right";
import { getTranslations } from "next-intl/server";
import { buttonClass } from "@/components/ui/button";

/** A plain GET form: works before JavaScript loads, and /join checks the PIN. */
export async function JoinPinForm({ defaultPin, error }: { defaultPin?: string; error?: string }) {
  const t = await getTranslations("join");
  return (
    <form action="/join" method="get" className="flex flex-col gap-2" noValidate>
      <label htmlFor="join-pin" className="text-sm font-semibold">
        {t("pinLabel")}
      </label>
      <div className="flex gap-2">
        <input
          id="join-pin"
          name="pin"
          inputMode="numeric"
          autoComplete="off"
          maxLength={16}
          required
          defaultValue={defaultPin}
          placeholder="123456"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "join-pin-error" : "join-pin-help"}
          className="h-12 w-full min-w-0 rounded-xl border border-zinc-300 bg-white px-4 text-center font-mono text-2xl tracking-[0.3em] placeholder:text-zinc-500 dark:placeholder:text-zinc-400 focus:border-brand-500 aria-invalid:border-rose-500 dark:border-zinc-700 dark:bg-zinc-950 dark:placeholder:text-zinc-700"
        />
        <button type="submit" className={buttonClass("primary", "lg")}>
          {t("submit")}
          <ArrowRight className="size-4" aria-hidden />
        </button>
      </div>
      {error ? (
        <p id="join-pin-error" role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-400">
          {error}
        </p>
      ) : (
        <p id="join-pin-help" className="text-sm text-zinc-600 dark:text-zinc-400">
          {t("pinHelp")}
        </p>
      )}
    </form>
  );
}
