import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { JoinCard } from "@/components/home/join-card";
import { normalizePin } from "@/core/pin";

type Props = { searchParams: Promise<{ pin?: string | string[] }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("join");
  return { title: t("title") };
}

export default async function JoinPage({ searchParams }: Props) {
  const t = await getTranslations("join");
  const raw = (await searchParams).pin;
  const typed = Array.isArray(raw) ? raw[0] : raw;
  const pin = normalizePin(typed);
  if (pin) redirect(`/join/${pin}`);
  return <JoinCard title={t("title")} lead={t("lead")} defaultPin={typed} error={typed !== undefined ? t("pinInvalid") : undefined} />;
}
