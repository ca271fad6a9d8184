import "server-only";
import type { Server as HttpServer } from "node:http";
import { Server, type Socket } from "socket.io";
import type { Command } from "@/core/live/engine";
import {
  CLIENT_EVENTS,
  LIVE_ERROR_CODES,
  type ClientEventName,
  type ClientToServerEvents,
  type ErrorPayload,
  type ParsedClientPayload,
  type ServerToClientEvents,
} from "@/core/live/protocol";
import type { Db } from "@/db/client";
import { env } from "@/env";
import { errorFields, log } from "@/log";
import { metrics, observeMs } from "../metrics";
import { getAuth } from "../auth";
import { AppError } from "../errors";
import { clientKey, schemeOf } from "../client-address";
import { CLIENT_PROTO_HEADER } from "../request-scheme";
import { checkGameJoins, consume, countGameJoin, countWrongPin, guesserTurn, joinsAtOnce, overGuessLimit, rememberJoin } from "../rate-limit";
import { LIVE_SOCKET_PATH } from "@/core/live/connection";
import { studentTokenHashesOfCookieHeader } from "../class-token";
import { classClaim } from "./class-claims";
import { createLiveGame } from "./create-game";
import { DrizzleGameStore } from "./game-store-drizzle";
import { LiveGames, type LiveResult } from "./games";
import { GameElsewhere } from "./transport";

/**
 * The Socket.IO layer: validates every payload with the protocol's zod schemas, checks who may do
 * what (the host's session, the player's token, rate limits), and turns events into calls on
 * `LiveGames` and views into messages. It keeps no game state of its own.
 */

type HostUser = { id: string; admin: boolean };
/** clientKey: who the client is for rate limits, decided once while the handshake's connection is open. */
type SocketData = { role?: "host" | "player"; gameId?: string; playerId?: string; user?: HostUser | null; clientKey?: string };
type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type LiveServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AnyAck = (res: unknown) => void;

const hostRoom = (gameId: string) => `h:${gameId}`;
const playerRoom = (playerId: string) => `p:${playerId}`;
/** Every player socket of a game (not the host's): where `game:state` goes. */
const gameRoom = (gameId: string) => `g:${gameId}`;

/** The handshake's headers as a Fetch Headers, for Better Auth. */
function fetchHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const h = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) h.append(name, v);
  }
  return h;
}

/**
 * A browser always sends Origin on a WebSocket handshake (and on a cross-site polling request):
 * it must be this site, by its public URL or the host it was reached at, so a page elsewhere
 * cannot drive a game with the host's cookie. A client that is not a browser sends none.
 */
export function allowedOrigin(origin: string | undefined, host: string | undefined, publicUrl: string | undefined): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicUrl && parsed.origin === new URL(publicUrl).origin) return true;
  return Boolean(host) && parsed.host === host && (parsed.protocol === "http:" || parsed.protocol === "https:");
}

function fail(code: ErrorPayload["code"], message: string) {
  return { ok: false as const, error: { code, message } };
}

function fromResult<T>(r: LiveResult<T>, shape: (v: T) => Record<string, unknown>) {
  return r.ok ? { ok: true as const, ...shape(r.value) } : { ok: false as const, error: r.error };
}

const HOST_COMMANDS = {
  "host:start": () => ({ type: "start" }),
  "host:next": (p: ParsedClientPayload<"host:next">) => ({ type: "next", at: p.at }),
  "host:skip": (p: ParsedClientPayload<"host:skip">) => ({ type: "skip", at: p.at }),
  "host:pause": () => ({ type: "pause" }),
  "host:resume": () => ({ type: "resume" }),
  "host:lock": () => ({ type: "lock" }),
  "host:unlock": () => ({ type: "unlock" }),
  "host:end": () => ({ type: "end" }),
  "host:finish": () => ({ type: "finish" }),
  "host:kick": (p: ParsedClientPayload<"host:kick">) => ({ type: "kick", playerId: p.playerId }),
  "host:release": (p: ParsedClientPayload<"host:release">) => ({ type: "release", playerId: p.playerId }),
  "host:settings": (p: ParsedClientPayload<"host:settings">) => ({ type: "settings", patch: p }),
  "host:extraTime": (p: ParsedClientPayload<"host:extraTime">) => ({ type: "extraTime", ...p }),
} as const satisfies Partial<Record<ClientEventName, (p: never) => Command>>;

export function attachLiveServer(httpServer: HttpServer, getDb: () => Promise<Db>, options: { instanceId?: string } = {}) {
  const io: LiveServer = new Server(httpServer, {
    path: LIVE_SOCKET_PATH,
    serveClient: false,
    // Payloads are small JSON; compressing 2,000 of them per broadcast costs more CPU than it saves.
    perMessageDeflate: false,
    httpCompression: false,
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const ok = allowedOrigin(req.headers.origin, req.headers.host, env().QUIZDECK_PUBLIC_URL);
      callback(ok ? null : "Origin not allowed", ok);
    },
    pingInterval: 10_000,
    pingTimeout: 8_000,
  });
  const games = new LiveGames(new DrizzleGameStore(getDb), {
    toHost: (gameId, view) => io.to(hostRoom(gameId)).emit("host:state", view),
    toPlayer: (playerId, view) => io.to(playerRoom(playerId)).emit("player:state", view),
    // A room broadcast: the packet encoded once, sent to every phone of the game.
    toGame: (gameId, shared) => io.to(gameRoom(gameId)).emit("game:state", shared),
    toPlayerMe: (playerId, personal) => io.to(playerRoom(playerId)).emit("player:me", personal),
    kicked: (playerId, message, reason) => {
      if (reason === "released") {
        // Only the sockets the released device has now: the device taking the name over joins
        // the same player's room, maybe within the moment the goodbye is given to leave.
        const sockets = [...roomSockets(playerRoom(playerId))];
        for (const socket of sockets) {
          if (socket.data.gameId) void socket.leave(gameRoom(socket.data.gameId));
          void socket.leave(playerRoom(playerId));
          socket.emit("player:kicked", { message, reason });
        }
        setTimeout(() => {
          for (const socket of sockets) socket.disconnect(true);
        }, 200);
        return;
      }
      // Out of the game's room first: the broadcast that follows the kick must not reach it.
      for (const socket of roomSockets(playerRoom(playerId))) if (socket.data.gameId) void socket.leave(gameRoom(socket.data.gameId));
      io.to(playerRoom(playerId)).emit("player:kicked", { message });
      // Give the message a moment to leave before the sockets close.
      setTimeout(() => io.in(playerRoom(playerId)).disconnectSockets(true), 200);
    },
    release: (gameId) => {
      // The transport, not the Socket.IO socket: a socket closed with a goodbye (disconnect)
      // would not reconnect by itself, and these must, to the game's new owner.
      for (const room of [hostRoom(gameId), gameRoom(gameId)]) for (const socket of roomSockets(room)) socket.conn.close();
    },
  }, options);

  /**
   * The sockets of this server in a room of the main namespace (what `io.to(room)` would reach
   * here), through the namespace's public `adapter.rooms` and `sockets` maps: synchronously, where
   * `io.in(room).fetchSockets()` would wait for a promise.
   */
  function* roomSockets(room: string): Generator<LiveSocket> {
    const ids = io.of("/").adapter.rooms.get(room);
    if (!ids) return;
    for (const id of ids) {
      const socket = io.of("/").sockets.get(id);
      if (socket) yield socket;
    }
  }

  /**
   * The signed-in user of the socket's session cookie, looked up once per socket by Better Auth
   * itself, so the cookie's signature and the session's expiry are checked as on every page. A
   * cookie it cannot read (forged, malformed, expired) is simply no user.
   */
  async function hostUser(socket: LiveSocket): Promise<HostUser | null> {
    if (socket.data.user !== undefined) return socket.data.user;
    let user: HostUser | null = null;
    if (socket.handshake.headers.cookie?.includes("session_token")) {
      try {
        const headers = fetchHeaders(socket.handshake.headers);
        // The handshake is not stamped by main.ts: say here which scheme the browser used, which
        // picks the session cookie's name (Secure cookies carry the __Secure- prefix).
        headers.set(CLIENT_PROTO_HEADER, schemeOf(socket.request));
        const auth = await getAuth(headers);
        const session = await auth.api.getSession({
          headers,
          query: { disableRefresh: true },
        });
        if (session) user = { id: session.user.id, admin: (session.user as { role?: string }).role === "admin" };
      } catch {
        user = null;
      }
    }
    socket.data.user = user;
    return user;
  }

  function bindPlayer(socket: LiveSocket, gameId: string, playerId: string) {
    if (socket.data.role === "player" && socket.data.playerId && socket.data.playerId !== playerId) {
      void socket.leave(playerRoom(socket.data.playerId));
      if (socket.data.gameId) void socket.leave(gameRoom(socket.data.gameId));
      void games.socketClosed(socket.data.gameId!, socket.data.playerId);
    }
    socket.data.role = "player";
    socket.data.gameId = gameId;
    socket.data.playerId = playerId;
    void socket.join([playerRoom(playerId), gameRoom(gameId)]);
  }

  type Handler = (socket: LiveSocket, payload: never) => Promise<unknown>;
  const handlers: Record<ClientEventName, Handler> = {
    "host:create": async (socket, p: ParsedClientPayload<"host:create">) => {
      const user = await hostUser(socket);
      if (!user) return fail("unauthorized", "Sign in to host a game.");
      try {
        const game = await createLiveGame(await getDb(), user, p.slug, p.classId ?? null);
        log().info({ gameId: game.id, hostId: user.id }, "game created");
        return { ok: true, gameId: game.id, pin: game.pin };
      } catch (err) {
        if (err instanceof AppError && (LIVE_ERROR_CODES as readonly string[]).includes(err.code)) {
          return fail(err.code as ErrorPayload["code"], err.message);
        }
        throw err;
      }
    },
    "host:attach": async (socket, p: ParsedClientPayload<"host:attach">) => {
      const user = await hostUser(socket);
      if (!user) return fail("unauthorized", "Sign in to host this game.");
      const r = await games.hostAttach(p.gameId, user.id);
      if (!r.ok) return { ok: false, error: r.error };
      socket.data.role = "host";
      socket.data.gameId = p.gameId;
      await socket.join(hostRoom(p.gameId));
      return { ok: true, state: r.value };
    },
    ...(Object.fromEntries(
      Object.entries(HOST_COMMANDS).map(([event, toCommand]) => [
        event,
        async (socket: LiveSocket, p: never) => {
          if (socket.data.role !== "host" || !socket.data.gameId) {
            return (await hostUser(socket)) ? fail("forbidden", "Attach to your game first.") : fail("unauthorized", "Sign in to host this game.");
          }
          const r = await games.hostCommand(socket.data.gameId, (toCommand as (p: never) => Command)(p));
          return fromResult(r, (state) => ({ state }));
        },
      ]),
    ) as Record<keyof typeof HOST_COMMANDS, Handler>),
    "player:join": async (socket, p: ParsedClientPayload<"player:join">) => {
      // Limits that fit a room: a class behind one address joins freely; what is limited is
      // guessing PINs (per address) and churning through one game (per game), see rate-limit.ts.
      const key = (socket.data.clientKey ??= clientKey(socket.request));
      let classId: string | null = null;
      try {
        // An address over its wrong-PIN limit waits its turn for every attempt (guesserTurn): a
        // right PIN is never refused, and guessing cannot go faster than the limit.
        if (await overGuessLimit(key)) {
          const known = await games.openGame(p.pin);
          if (!known || !(await joinsAtOnce(key, known.id))) await guesserTurn(key);
        }
        const open = await games.openGame(p.pin);
        if (!open) {
          await countWrongPin(key); // over the limit: rate_limited (after its turn in the slow lane)
          return fail("game_not_found", "There is no open game with that PIN. Check the PIN on the host's screen.");
        }
        await checkGameJoins(open.id, open.maxPlayers);
        classId = open.classId;
      } catch (err) {
        if (err instanceof AppError) return fail("rate_limited", err.message);
        throw err;
      }
      // A game for a class: a roster name this device may take (docs/rules.md §13), not a nickname.
      let claim: { studentId: string; name: string } | undefined;
      if (classId) {
        if (!p.studentId) return fail("validation_failed", "Pick your name from the class list.");
        const user = await hostUser(socket);
        const tokenHashes = studentTokenHashesOfCookieHeader(socket.handshake.headers.cookie);
        const checked = await classClaim(await getDb(), classId, p.studentId, { userId: user?.id ?? null, tokenHashes });
        if (!checked.ok) return { ok: false, error: checked.error };
        claim = checked.claim;
      }
      const r = await games.join(p.pin, p.nickname, p.identifier, claim, p.team);
      if (!r.ok) return { ok: false, error: r.error };
      bindPlayer(socket, r.value.gameId, r.value.playerId);
      await Promise.all([countGameJoin(r.value.gameId), rememberJoin(key, r.value.gameId)]);
      return { ok: true, playerId: r.value.playerId, token: r.value.token, nickname: r.value.nickname, state: r.value.view };
    },
    "player:resume": async (socket, p: ParsedClientPayload<"player:resume">) => {
      const r = await games.resume(p.pin, p.token);
      if (!r.ok) return { ok: false, error: r.error };
      if (socket.data.playerId === r.value.playerId) {
        // The same socket resuming twice counts once.
        await games.socketClosed(r.value.gameId, r.value.playerId);
      }
      bindPlayer(socket, r.value.gameId, r.value.playerId);
      return { ok: true, state: r.value.view };
    },
    "player:reroll": async (socket) => {
      if (socket.data.role !== "player" || !socket.data.playerId) return fail("forbidden", "Join the game first.");
      const r = await games.reroll(socket.data.gameId!, socket.data.playerId);
      return fromResult(r, (v) => v);
    },
    "player:answer": async (socket, p: ParsedClientPayload<"player:answer">) => {
      if (socket.data.role !== "player" || !socket.data.playerId) return fail("forbidden", "Join the game first.");
      try {
        await consume("answer", socket.data.playerId);
      } catch (err) {
        if (err instanceof AppError) return fail("rate_limited", err.message);
        throw err;
      }
      const r = await games.answer(socket.data.gameId!, socket.data.playerId, p);
      return fromResult(r, (v) => v);
    },
  };

  io.on("connection", (socket: LiveSocket) => {
    // Now, while the handshake's connection is open: a polling handshake's may close afterwards.
    socket.data.clientKey = clientKey(socket.request);
    for (const event of Object.keys(CLIENT_EVENTS) as ClientEventName[]) {
      // Typed per event above; Socket.IO's listener types do not follow a mapped loop.
      (socket.on as (e: string, l: (...args: unknown[]) => void) => void)(event, (payload: unknown, ack: unknown) => {
        const received = performance.now();
        const send: AnyAck =
          typeof ack === "function" ? (ack as AnyAck) : (res) => {
            const r = res as { ok: boolean; error?: ErrorPayload };
            if (!r.ok && r.error) socket.emit("game:error", r.error);
          };
        const reply: AnyAck =
          event === "player:answer"
            ? (res) => {
                send(res);
                observeMs(metrics().answerAck, performance.now() - received);
              }
            : send;
        const parsed = CLIENT_EVENTS[event].safeParse(payload ?? {});
        if (!parsed.success) {
          reply(fail("validation_failed", parsed.error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")));
          return;
        }
        handlers[event](socket, parsed.data as never).then(reply, (err: unknown) => {
          if (err instanceof GameElsewhere) {
            // Another instance runs this game: reconnect (through the balancer) and ask again.
            // The phone resends an unacknowledged answer after its resume; the id makes it count once.
            socket.conn.close();
            return;
          }
          log().error({ gameId: socket.data.gameId, event, ...errorFields(err) }, "live event failed");
          reply(fail("internal_error", "Something went wrong on our side. Try again in a moment."));
        });
      });
    }
    socket.on("disconnect", () => {
      if (socket.data.role === "player" && socket.data.gameId && socket.data.playerId) {
        void games.socketClosed(socket.data.gameId, socket.data.playerId);
      }
    });
  });

  return {
    io,
    games,
    /** Counters for /api/live/stats: the registry's. */
    stats: () => games.stats(),
    /** Stop taking sockets, write what waits: call before the database closes. */
    async close(): Promise<number> {
      // Not io.close(): that would close the HTTP server too, which main.ts closes itself. The
      // connections close without a goodbye (a Socket.IO disconnect would keep clients from
      // reconnecting), so phones and hosts come back by themselves: to this server after a
      // restart, or through the balancer to another instance, which may take the games over as
      // soon as games.close() has released their leases.
      for (const socket of io.of("/").sockets.values()) socket.conn.close();
      io.engine.close();
      return games.close();
    },
  };
}
