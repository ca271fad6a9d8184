"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { CLASS_NAME_MAX, CLASS_SUBJECT_MAX } from "@/core/classes/rules";
import { createClassAction } from "@/server/actions/classes";
import { useActionForm } from "./use-action-form";

/** A new class: its name and an optional subject; then its page, with the code to hand out. */
export function CreateClassForm() {
  const t = useTranslations("classes");
  const router = useRouter();
  const [name, setName] = useState("");
  const [subject, setSubject] = useState("");
  const { pending, error, fields, run } = useActionForm();
  return (
    <form
      className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        run(() => createClassAction({ name, subject }), (v) => router.push(`/classes/${v.id}`));
      }}
      data-testid="create-class"
    >
      <TextField id="class-name" label={t("name")} value={name} onChange={(e) => setName(e.target.value)} maxLength={CLASS_NAME_MAX} required error={fields.name} />
      <TextField id="class-subject" label={t("subject")} value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={CLASS_SUBJECT_MAX} error={fields.subject} />
      <button type="submit" className={buttonClass("primary", "md", "h-11")} disabled={pending}>
        {t("create")}
      </button>
      {error && (
        <p role="alert" className="text-sm font-medium text-rose-700 sm:col-span-3 dark:text-rose-400">
          {error}
        </p>
      )}
    </form>
  );
}
