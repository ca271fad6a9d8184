"use client";

import { lazy, Suspense } from "react";
import { EntryEnded, Connecting, NameForm } from "./player-entry";
import { EndedPanel, LobbyPanel, PlayerBar, StandingPanel } from "./player-phases";
import { QuestionPanel } from "./player-question";
import type { RosterChoice } from "./roster-picker";
import { FinalPanel, RevealPanel } from "./player-result";
import { Shell } from "./player-shell";
import { usePlayerGame } from "./use-player-game";
import { RichProvider } from "@/components/ui/rich";
import { buttonClass } from "@/components/ui/button";

// Team mode is rare: its badge loads only in a team game.
const PlayerTeam = lazy(() => import("./player-team").then((m) => ({ default: m.PlayerTeam })));
/** Only a game for a class needs it: loaded then, so other games' phones do not carry it. */
const RosterEntry = lazy(() => import("./roster-picker"));

/**
 * A player's phone during a live game: one panel per phase, driven by `usePlayerGame` (which
 * keeps the player in the game across reloads and dropped connections).
 */
export function PlayerGame({
  pin,
  name,
  generated,
  identifier = null,
  identifierLabel = null,
  language = "en",
  team = null,
  roster = null,
  open = true,
}: {
  pin: string;
  name: string | null;
  generated: boolean;
  /** The host's extra join field: what the join page sent, and its label (null: the game asks none). */
  identifier?: string | null;
  identifierLabel?: string | null;
  /** The quiz's language: questions are read aloud in it. */
  language?: string;
  /** The team picked on the join page, in a game where players pick. */
  team?: number | null;
  /** A game for a class: the roster to pick a name from (docs/rules.md §13). */
  roster?: RosterChoice | null;
  /** False when there is no open game with this PIN: the phone says so rather than asking a name. */
  open?: boolean;
}) {
  // A game for a class takes no nickname: with none, the phone asks for a name, which the roster picker gives.
  const { view, entry, online, sending, error, current, setDraft, submit, reroll, joinWithName, joinGenerated, joinWith, chosenName, chosenIdentifier } = usePlayerGame(
    pin,
    roster ? null : name,
    !roster && generated,
    identifier,
    identifierLabel,
    team,
    open,
  );

  if (entry?.kind === "name" && roster) {
    return (
      <Shell pin={pin}>
        <Suspense fallback={null}>
          {/* What the picker shares with the rest of the phone comes in props: importing it there would split this page's modules. */}
          <RosterEntry roster={roster} join={joinWith} submitClass={buttonClass("primary", "lg")} />
        </Suspense>
      </Shell>
    );
  }
  if (entry?.kind === "name") {
    return (
      <Shell pin={pin}>
        <NameForm
          error={entry.error}
          chosenName={chosenName}
          identifierLabel={identifierLabel}
          chosenIdentifier={chosenIdentifier}
          onJoin={joinWithName}
          onGenerated={joinGenerated}
        />
      </Shell>
    );
  }
  if (entry) {
    return (
      <Shell pin={pin}>
        <EntryEnded entry={entry} />
      </Shell>
    );
  }
  if (!view) {
    return (
      <Shell pin={pin}>
        <Connecting />
      </Shell>
    );
  }

  const me = view.me;
  return (
    <Shell pin={pin} bar={<PlayerBar me={me} online={online} />}>
      {error && (
        <p role="alert" className="mb-3 rounded-xl bg-rose-50 px-3 py-2 text-sm font-medium text-rose-800 dark:bg-rose-950 dark:text-rose-200" data-testid="player-error">
          {error}
        </p>
      )}
      <RichProvider html={[view.question?.rich, view.result?.rich]}>
      {me.team && view.phase !== "question" && view.phase !== "reveal" && (
        <Suspense fallback={null}>
          <PlayerTeam team={me.team} ranked={view.phase !== "lobby"} />
        </Suspense>
      )}
      <div data-testid="player-phase" data-phase={view.phase} data-stage={view.stage ?? ""} data-index={view.questionIndex}>
        {view.phase === "lobby" && <LobbyPanel me={me} onReroll={reroll} />}
        {view.phase === "question" && view.question && (
          <QuestionPanel
            language={language}
            view={view}
            question={view.question}
            value={current}
            onChange={(a) => setDraft({ index: view.questionIndex, answer: a })}
            onSubmit={submit}
            sending={sending && sending.questionIndex === view.questionIndex ? sending : null}
          />
        )}
        {view.phase === "reveal" && <RevealPanel view={view} />}
        {view.phase === "scoreboard" && <StandingPanel me={me} />}
        {(view.phase === "podium" || view.phase === "finished") && <FinalPanel view={view} />}
        {view.phase === "cancelled" && <EndedPanel me={me} />}
      </div>
      </RichProvider>
    </Shell>
  );
}
