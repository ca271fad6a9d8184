"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ClientToServerEvents, HostView } from "@/core/live/protocol";
import { connectLive, type LiveSocket } from "@/components/live/live-socket";
import { useErrorText } from "@/components/ui/error-text";

/**
 * How long a host command may go unanswered before the screen says so: far longer than a command
 * takes on a working server, short enough that the host hears of it before giving up.
 */
const HOST_ACK_MS = 15_000;

export type HostEvent = Exclude<keyof ClientToServerEvents, `player:${string}` | "host:attach" | "host:create">;
/** Sends a host command; its acknowledgement brings the new view (or an error to show). */
export type Send = (event: HostEvent, payload?: object) => void;

/**
 * The host's connection to a live game: attaches on every (re)connection, keeps the latest view,
 * whether the connection is up, and the last error said in the host's language.
 */
export function useHostSocket(gameId: string, pin: string) {
  const errorText = useErrorText();
  const t = useTranslations("live");
  const [view, setView] = useState<HostView | null>(null);
  // `noAnswer`: the message that a command went unanswered, which any later word from the game ends.
  const [error, setError] = useState<{ text: string; noAnswer?: boolean } | null>(null);
  const [online, setOnline] = useState(true);
  const socketRef = useRef<LiveSocket | null>(null);
  // The screen on show, for Next and Skip to say where they were pressed.
  const viewRef = useRef<HostView | null>(null);
  viewRef.current = view;

  useEffect(() => {
    const socket = connectLive(pin);
    socketRef.current = socket;
    const attach = () =>
      socket.emit("host:attach", { gameId }, (res) => {
        if (res.ok) {
          setView(res.state);
          setError(null);
        } else setError({ text: errorText(res.error.code) });
      });
    socket.on("connect", () => {
      setOnline(true);
      attach();
    });
    socket.on("disconnect", () => setOnline(false));
    // A broadcast shows the game answers again: "did not answer" no longer holds.
    socket.on("host:state", (v) => {
      setView(v);
      setError((e) => (e?.noAnswer ? null : e));
    });
    socket.on("game:error", (e) => setError({ text: errorText(e.code) }));
    return () => {
      socket.disconnect();
    };
  }, [gameId, pin, errorText]);

  const send = useCallback((event: HostEvent, payload: object = {}) => {
    const socket = socketRef.current;
    if (!socket) return;
    // Next and Skip name the screen they were pressed on: a press that reaches the game after it
    // has moved on (the second of a double click on a slow network, a Skip as the time ran out)
    // does nothing (schemas.ts, hostStepSchema).
    const shown = viewRef.current;
    if ((event === "host:next" || event === "host:skip") && shown) payload = { at: { phase: shown.phase, questionIndex: shown.questionIndex }, ...payload };
    // A command that gets no answer (a connection that dropped it, a server that stalled) says so
    // instead of leaving the button seeming dead.
    (socket.timeout(HOST_ACK_MS).emit as (e: string, p: object, ack: (timedOut: Error | null, res: { ok: boolean; state?: HostView; error?: { code: string } }) => void) => void)(
      event,
      payload,
      (timedOut, res) => {
        if (timedOut) setError({ text: t("hostNotAnswered"), noAnswer: true });
        else if (res.ok && res.state) {
          setView(res.state);
          setError(null);
        } else if (!res.ok) setError({ text: errorText(res.error?.code) });
      },
    );
  }, [errorText, t]);

  return { view, error: error?.text ?? null, online, send: send as Send };
}
