#!/usr/bin/env node
/*
 * TarotClub's JavaScript computer player at one of our seats, speaking docs/bot-protocol.md.
 *
 * TarotClub (https://github.com/belegar/tarotclub, by Anthony Rabine) is GPL-3 software. None
 * of its code is in this repository: this program loads TarotClub's AI at run time from the
 * user's own copy, the directory named by --ai (TarotClub's `assets/ai`, holding package.json,
 * main.js and tarotlib/*.js). To get one:
 *
 *     git clone --depth 1 https://github.com/belegar/tarotclub /tmp/tarotclub
 *     # or, from a bare mirror: mkdir -p /tmp/tarotclub &&
 *     #   git -C MIRROR archive HEAD assets/ai | tar -x -C /tmp/tarotclub
 *
 * and seat it in an arena (TarotClub's AI plays at 4 players only):
 *
 *     python -m tarot_core arena --players 4 --candidate heuristic \
 *         --baseline "cmd:node scripts/tarotclub_bot.js --ai /tmp/tarotclub/assets/ai"
 *
 * Loading is done as TarotClub's C++ host does it (src/Bot.cpp, InitializeScriptContext): the
 * files listed by the directory's package.json, in that order, evaluated in one fresh
 * JavaScript context (here Node's `vm`), which also gets the host's `systemPrint`. Our views
 * are stateless, so each request gets a fresh context in which the host's calls are replayed
 * in the host's order: EnterGame(place, "one_deal"), ReceiveCards(hand), then for a bid
 * AnnounceBid(highest bid); for the écart BuildDiscard(chien); for a slam AnnounceSlam(); for
 * a card StartDeal(taker, contract), ShowHandle(...) before the first card of a seat that
 * showed a poignée, PlayedCard(card, place) for every card played so far (its own included),
 * AskForHandle() when a poignée may be shown, and PlayCard().
 *
 * Mapping. Seats 0-3 are TarotClub's places South, East, North, West (both count in playing
 * order). Cards are TarotClub's "NN-S" names ("00-T" the Excuse, "01-T".."21-T" the trumps,
 * "01-S".."14-S" ace to king, 11 jack, 12 knight, 13 queen). Contracts: prise (and pousse) is
 * "Take", garde "Guard", garde_sans "Guard without", garde_contre "Guard against". The hand is
 * given to ReceiveCards in the order its host would give it, the order dealt: a shuffle seeded
 * from --seed, the seat and the seat's cards of the deal, so it stays the same all deal long
 * (the AI breaks ties by that order); after an écart, the chien's cards follow, as its
 * BuildDiscard adds them. Math.random in the context is a PRNG seeded from --seed and the view.
 *
 * Where its answer is not one of our legal actions, the adapter does what TarotClub's host does
 * in that case, and counts a fallback on standard error: a bid at or below the contract so far
 * is a pass (the host's rule, counted apart as "outbid"); another bid not offered here is a
 * pass; a card that is not legal (or no card, or a script error) is the first legal card of
 * its hand in its own order (the host's ChooseRandomCard); a bad écart is the first cards of
 * its hand and chien that may be discarded (the host's AutoDiscard); a bad poignée is none. It
 * has no misère: it never declares one (counted as a fallback when it could). Its slam and
 * poignée answers are its own (AnnounceSlam, AskForHandle). At 3 or 5 players it cannot play
 * (its tricks are 4 cards long): such a view gets an error answer.
 *
 * Options: --ai DIR (required), --seed N (default 0), --stats FILE (append one JSON line of
 * counts at exit, since a table keeps a bot's standard error only when it dies), --timeout-ms
 * N (the AI's time for one decision, default 2000; past it the host's choice is taken: its
 * BuildDiscard loops for ever on some hands), --verbose (the AI's systemPrint lines on
 * standard error).
 */
"use strict";

const crypto = require("crypto");
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const vm = require("vm");

const PLACES = ["South", "East", "North", "West"];
const API = [
  "EnterGame",
  "ReceiveCards",
  "AnnounceBid",
  "AnnounceSlam",
  "BuildDiscard",
  "StartDeal",
  "AskForHandle",
  "ShowHandle",
  "PlayCard",
  "PlayedCard",
];
const THEIR_CONTRACT = {
  prise: "Take",
  pousse: "Take",
  garde: "Guard",
  garde_sans: "Guard without",
  garde_contre: "Guard against",
};
const OUR_CONTRACT = {
  Pass: "pass",
  Take: "prise",
  Guard: "garde",
  "Guard without": "garde_sans",
  "Guard against": "garde_contre",
};
const CONTRACT_RANK = { prise: 1, pousse: 1.5, garde: 2, garde_sans: 3, garde_contre: 4 };
const FACES = { J: 11, C: 12, Q: 13, K: 14 };
const FACE_OF = { 11: "J", 12: "C", 13: "Q", 14: "K" };
const DEFAULT_TIMEOUT_MS = 2000;

// ----- cards --------------------------------------------------------------------------------

/** Every card in our notation, in one fixed order (to sort a seat's cards canonically). */
const ALL_CARDS = (() => {
  const cards = ["EX"];
  for (let n = 1; n <= 21; n++) cards.push(`T${n}`);
  for (const suit of "SHDC") {
    for (let r = 1; r <= 14; r++) cards.push(`${FACE_OF[r] || r}${suit}`);
  }
  return cards;
})();
const CARD_INDEX = new Map(ALL_CARDS.map((c, i) => [c, i]));

function theirCard(card, where) {
  if (!CARD_INDEX.has(card)) throw new ViewError(`${where}: unknown card ${short(card)}`);
  if (card === "EX") return "00-T";
  const two = (n) => String(n).padStart(2, "0");
  if (card[0] === "T") return `${two(card.slice(1))}-T`;
  const rank = card.slice(0, -1);
  return `${two(FACES[rank] || rank)}-${card.slice(-1)}`;
}

/** Their card name back to ours, or null when it is no card. */
function ourCard(name) {
  const m = /^(\d\d)-([SHDCT])$/.exec(typeof name === "string" ? name : "");
  if (!m) return null;
  const value = parseInt(m[1], 10);
  let card;
  if (m[2] === "T") card = value === 0 ? "EX" : `T${value}`;
  else card = `${FACE_OF[value] || value}${m[2]}`;
  return CARD_INDEX.has(card) ? card : null;
}

// ----- errors and determinism ---------------------------------------------------------------

class ViewError extends Error {}

function short(value) {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length <= 40 ? `'${text}'` : `'${text.slice(0, 20)}…' (${text.length} characters)`;
}

/** A PRNG (sfc32) seeded from the SHA-256 of the text: the same text, the same numbers. */
function seededRandom(text) {
  const h = crypto.createHash("sha256").update(text).digest();
  let a = h.readUInt32LE(0), b = h.readUInt32LE(4), c = h.readUInt32LE(8), d = h.readUInt32LE(12);
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const r = (t + d) | 0;
    c = (c + r) | 0;
    return (r >>> 0) / 4294967296;
  };
}

function shuffled(cards, random) {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ----- TarotClub's AI, loaded as its host loads it ------------------------------------------

/** The AI's scripts, compiled once: the files of DIR/package.json in order. Throws an Error
 * with a one-line message naming the file at fault. */
function loadScripts(dir, timeout) {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new Error(`--ai ${dir}: no such directory (TarotClub's assets/ai)`);
  }
  const packagePath = path.join(dir, "package.json");
  let files;
  try {
    files = JSON.parse(fs.readFileSync(packagePath, "utf8")).files;
  } catch (e) {
    throw new Error(`${packagePath}: cannot read its list of files: ${e.message}`);
  }
  if (!Array.isArray(files) || !files.length || !files.every((f) => typeof f === "string")) {
    throw new Error(`${packagePath}: "files" is not a list of file names`);
  }
  const scripts = files.map((file) => {
    const filename = path.join(dir, file);
    try {
      return new vm.Script(fs.readFileSync(filename, "utf8"), { filename });
    } catch (e) {
      throw new Error(`${filename}: cannot load it: ${e.message.split("\n")[0]}`);
    }
  });
  const probe = newContext(scripts, () => 0.5, false, timeout);
  const missing = API.filter((name) => typeof probe[name] !== "function");
  if (missing.length) throw new Error(`${dir}: no function ${missing.join(", ")} in its scripts`);
  return scripts;
}

function newContext(scripts, random, verbose, timeout) {
  const print = verbose ? (m) => process.stderr.write(`tarotclub: ${m}\n`) : () => {};
  const ctx = vm.createContext({ systemPrint: print, __random: random });
  vm.runInContext("Math.random = __random;", ctx);
  for (const script of scripts) {
    try {
      script.runInContext(ctx, timeout ? { timeout } : {});
    } catch (e) {
      throw new Error(`${script.filename || "a script"}: fails when run: ${e.message}`);
    }
  }
  return ctx;
}

/** The host's calls of the AI's API functions for one decision (the arguments are strings),
 * run in one go under one time limit (a limit per call would cost more than the AI itself). */
class Calls {
  constructor(ctx, timeout) {
    this.ctx = ctx;
    this.timeout = timeout;
    this.list = [];
  }

  add(name, ...args) {
    this.list.push([name, args]);
    return this;
  }

  /** Runs the calls added, in order; the answer of the last one. */
  run() {
    this.ctx.__calls = this.list;
    const code = "__calls.map((c) => this[c[0]].apply(this, c[1]))";
    const answers = vm.runInContext(code, this.ctx, { timeout: this.timeout });
    return answers[answers.length - 1];
  }
}

// ----- the adapter --------------------------------------------------------------------------

class Adapter {
  constructor(scripts, { seed, verbose, timeout }) {
    this.scripts = scripts;
    this.seed = seed;
    this.verbose = verbose;
    this.timeout = timeout;
    this.counts = { decisions: 0, fallbacks: 0, outbid: 0, by_reason: {}, first: [] };
  }

  fallback(view, kind, why, action) {
    this.counts.fallbacks++;
    this.counts.by_reason[kind] = (this.counts.by_reason[kind] || 0) + 1;
    const n = this.counts.fallbacks;
    const line = `fallback ${n} (${view.phase}, ${kind}): ${why}`;
    if (this.counts.first.length < 5) this.counts.first.push(line);
    process.stderr.write(`${line}\n`);
    return action;
  }

  act(view) {
    checkView(view);
    this.counts.decisions++;
    const seat = view.seat;
    const mine = this.seatCards(view);
    const dealOrder = seededRandom(`${this.seed}:${seat}:${mine.dealt.join(",")}`);
    const order = shuffled(mine.dealt, dealOrder);
    const deck = order.concat(mine.chien).filter((c) => !mine.gone.has(c));
    const hand = deck.map((c) => theirCard(c, "view.hand")).join(";");
    try {
      const random = seededRandom(`${this.seed}:${JSON.stringify(view)}`);
      const ctx = newContext(this.scripts, random, this.verbose);
      const calls = new Calls(ctx, this.timeout).add("EnterGame", PLACES[seat], "one_deal");
      calls.add("ReceiveCards", hand);
      if (view.phase === "bidding") return this.bid(view, calls);
      if (view.phase === "ecart") return this.ecart(view, calls, deck);
      if (view.phase === "slam") return this.slam(view, calls);
      if (view.phase === "playing") return this.play(view, calls, deck);
    } catch (e) {
      if (e instanceof ViewError) throw e;
      const why = `its script failed: ${e.name}: ${e.message.split("\n")[0]}`;
      return this.fallback(view, "script", why, this.hostChoice(view, deck));
    }
    const kinds = [...new Set(view.legal.map((a) => a.type))].sort().join(", ");
    return this.fallback(view, "other", `no decision of its own for ${kinds}`, view.legal[0]);
  }

  /** What TarotClub's host does when its script gives no usable answer. */
  hostChoice(view, deck) {
    const legal = view.legal;
    if (view.phase === "bidding") return legal.find((a) => a.contract === "pass") || legal[0];
    if (view.phase === "slam") {
      return legal.find((a) => a.type === "slam" && !a.announce) || legal[0];
    }
    if (view.phase === "ecart") {
      // Deck::AutoDiscard: the first cards of its hand, then of the chien, that may go.
      const allowed = new Set(legal.filter((a) => a.type === "discard").map((a) => a.card));
      const need = view.chien.length - (view.ecart || []).length;
      const cards = deck.concat(view.chien).filter((c) => allowed.has(c)).slice(0, need);
      return { type: "ecart", seat: view.seat, cards };
    }
    // BasicClient::ChooseRandomCard: the first card of its hand, in its order, that is legal.
    const plays = new Map(legal.filter((a) => a.type === "play").map((a) => [a.card, a]));
    return deck.map((c) => plays.get(c)).find((a) => a) || legal[0];
  }

  /** The seat's cards of the deal: `dealt` (its own 18, canonically sorted), the `chien`'s
   * cards it took, and the cards `gone` from what its host would have given it (its écart). */
  seatCards(view) {
    const seat = view.seat;
    const played = [];
    for (const trick of view.tricks.concat(view.current ? [view.current] : [])) {
      trick.cards.forEach((card, i) => {
        if ((trick.leader + i) % 4 === seat) played.push(card);
      });
    }
    const ecart = seat === view.taker && view.ecart ? view.ecart : [];
    const all = new Set(view.hand.concat(played, ecart));
    const taken = seat === view.taker && view.chien ? view.chien.filter((c) => all.has(c)) : [];
    const byIndex = (x, y) => CARD_INDEX.get(x) - CARD_INDEX.get(y);
    const dealt = [...all].filter((c) => !taken.includes(c)).sort(byIndex);
    const gone = view.phase === "ecart" ? new Set() : new Set(ecart);
    return { dealt, chien: view.phase === "ecart" ? [] : taken, gone };
  }

  bid(view, calls) {
    const current = view.contract ? THEIR_CONTRACT[view.contract] || "Pass" : "Pass";
    const answer = calls.add("AnnounceBid", current).run();
    const contract = OUR_CONTRACT[answer];
    const pass = view.legal.find((a) => a.type === "bid" && a.contract === "pass");
    const found = view.legal.find((a) => a.type === "bid" && a.contract === contract);
    if (found) return found;
    if (contract && contract !== "pass" && pass && view.contract) {
      if (CONTRACT_RANK[contract] <= CONTRACT_RANK[view.contract]) {
        this.counts.outbid++; // its host passes for it: only a higher bid is allowed
        return pass;
      }
    }
    const why = `its bid ${short(answer)} is not offered`;
    return this.fallback(view, "bid", why, pass || view.legal[0]);
  }

  ecart(view, calls, deck) {
    const allowed = new Set(view.legal.filter((a) => a.type === "discard").map((a) => a.card));
    const already = view.ecart || [];
    const need = view.chien.length - already.length;
    // Its hand is the dealt cards (given to ReceiveCards): its BuildDiscard adds the chien.
    const chien = view.chien.map((c) => theirCard(c, "view.chien")).join(";");
    const answer = calls.add("BuildDiscard", chien).run();
    const chosen = String(answer).split(";").map(ourCard).filter((c) => !already.includes(c));
    const distinct = new Set(chosen).size === chosen.length;
    if (chosen.length === need && distinct && chosen.every((c) => allowed.has(c))) {
      return { type: "ecart", seat: view.seat, cards: chosen };
    }
    const why = `its écart ${short(answer)} is not legal here`;
    return this.fallback(view, "ecart", why, this.hostChoice(view, deck));
  }

  slam(view, calls) {
    const announce = calls.add("AnnounceSlam").run() === true;
    const slams = view.legal.filter((a) => a.type === "slam" && a.announce === announce);
    const found = slams.find((a) => !a.petit) || slams[0];
    if (found) return found;
    const no = view.legal.find((a) => a.type === "slam" && !a.announce) || view.legal[0];
    return this.fallback(view, "slam", `its slam answer ${announce} is not offered`, no);
  }

  play(view, calls, deck) {
    const seat = view.seat;
    const contract = THEIR_CONTRACT[view.contract];
    if (!contract) throw new ViewError(`view.contract: ${short(view.contract)} in play`);
    const attack = new Set([view.taker, view.partner].filter((s) => s !== null));
    calls.add("StartDeal", PLACES[view.taker], contract);
    const shown = new Set();
    view.tricks.concat(view.current ? [view.current] : []).forEach((trick, t) => {
      trick.cards.forEach((card, i) => {
        const who = (trick.leader + i) % 4;
        const poignee = view.poignees[String(who)];
        if (poignee && !shown.has(who)) {
          shown.add(who);
          const cards = poignee.map((c) => theirCard(c, `view.poignees.${who}`)).join(";");
          calls.add("ShowHandle", cards, attack.has(who) ? "0" : "1");
        }
        calls.add("PlayedCard", theirCard(card, `view.tricks[${t}].cards[${i}]`), PLACES[who]);
      });
    });
    const kinds = new Set(view.legal.map((a) => a.type));
    if (kinds.has("poignee")) {
      // Asked before its card; in the host the card is asked later, from the same state.
      const poignee = this.poignee(view, calls.add("AskForHandle").run());
      if (poignee) return poignee;
      calls.list = [];
    }
    const answer = calls.add("PlayCard").run();
    const card = ourCard(answer);
    const found = view.legal.find((a) => a.type === "play" && a.card === card);
    if (found && kinds.has("misere")) {
      this.fallback(view, "misere", "it never declares a misère", null);
    }
    if (found) return found;
    const why = `its card ${short(answer)} is not legal here`;
    return this.fallback(view, "card", why, this.hostChoice(view, deck));
  }

  /** Its poignée as our action, or null: none declared ("") or a bad one (counted). */
  poignee(view, answer) {
    if (answer === "" || answer === undefined || answer === null) return null;
    const cards = String(answer).split(";").map(ourCard);
    const listed = view.legal.filter((a) => a.type === "poignee");
    const sizes = new Set(listed.map((a) => a.cards.length));
    const trumps = (c) => c && view.hand.includes(c) && (c === "EX" || c[0] === "T");
    if (sizes.has(cards.length) && new Set(cards).size === cards.length && cards.every(trumps)) {
      return { type: "poignee", seat: view.seat, cards };
    }
    this.fallback(view, "poignee", `its poignée ${short(answer)} is not legal here: none`, null);
    return null;
  }
}

/** The checks the adapter needs before it can replay a view (the table checks the rest). */
function checkView(view) {
  if (view === null || typeof view !== "object" || Array.isArray(view)) {
    throw new ViewError("view: not an object");
  }
  const players = view.rules && view.rules.players;
  if (players !== 4) {
    const not = short(players);
    throw new ViewError(`view.rules.players: TarotClub's AI plays at 4 players only, not ${not}`);
  }
  if (view.seat === null) throw new ViewError("view.seat: the public view has no seat to act for");
  if (!Number.isInteger(view.seat) || view.seat < 0 || view.seat > 3) {
    throw new ViewError(`view.seat: ${short(view.seat)} is no seat`);
  }
  if (!Array.isArray(view.legal) || !view.legal.length) {
    throw new ViewError("view.legal: nothing to do");
  }
  for (const field of ["hand", "tricks"]) {
    if (!Array.isArray(view[field])) throw new ViewError(`view.${field}: not a list`);
  }
  view.hand.forEach((c, i) => theirCard(c, `view.hand[${i}]`));
}

// ----- the protocol -------------------------------------------------------------------------

function ascii(text) {
  const escape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  return text.replace(/[\u007f-\uffff]/g, escape);
}

function answerFor(adapter, line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return { type: "error", id: null, message: `not a JSON object: ${e.message}` };
  }
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return { type: "error", id: null, message: "not a JSON object" };
  }
  const id = request.id === undefined ? null : request.id;
  if (id !== null && typeof id !== "string" && !Number.isInteger(id)) {
    const message = `id: ${short(id)} is not a string, an integer or null`;
    return { type: "error", id: null, message };
  }
  const kind = request.type;
  if (kind === "quit") return null;
  if (kind === "hello") {
    if (request.protocol !== undefined && request.protocol !== 1) {
      const message = `protocol: ${short(request.protocol)}, this program speaks 1`;
      return { type: "error", id, message };
    }
    return { type: "hello", id, name: "TarotClub", protocol: 1 };
  }
  if (kind !== "act") return { type: "error", id, message: `type: unknown type ${short(kind)}` };
  try {
    return { type: "action", id, action: adapter.act(request.view) };
  } catch (e) {
    const message = e instanceof ViewError ? e.message : `${e.name}: ${e.message}`;
    return { type: "error", id, message: message.split("\n")[0] };
  }
}

function parseArgs(argv) {
  const usage =
    "usage: node tarotclub_bot.js --ai DIR [--seed N] [--stats FILE] [--timeout-ms N] [--verbose]";
  const args = { ai: null, seed: 0, stats: null, timeout: DEFAULT_TIMEOUT_MS, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--verbose") args.verbose = true;
    else if (arg === "-h" || arg === "--help") {
      process.stdout.write(`${usage}\n`);
      process.exit(0);
    } else if (["--ai", "--seed", "--stats", "--timeout-ms"].includes(arg) && i + 1 < argv.length) {
      args[arg === "--timeout-ms" ? "timeout" : arg.slice(2)] = argv[++i];
    } else throw new Error(`${arg}: unknown option or missing value (${usage})`);
  }
  if (!args.ai) throw new Error(`--ai DIR is required (${usage})`);
  if (!/^-?\d+$/.test(String(args.seed))) throw new Error(`--seed ${args.seed}: not an integer`);
  if (!/^[1-9]\d*$/.test(String(args.timeout))) {
    throw new Error(`--timeout-ms ${args.timeout}: not a positive integer`);
  }
  args.timeout = Number(args.timeout);
  return args;
}

function main() {
  let args, scripts;
  try {
    args = parseArgs(process.argv.slice(2));
    scripts = loadScripts(args.ai, args.timeout);
  } catch (e) {
    process.stderr.write(`tarotclub_bot: ${e.message}\n`);
    process.exit(2);
  }
  const adapter = new Adapter(scripts, args);
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    const c = adapter.counts;
    const reasons = Object.entries(c.by_reason).map(([k, n]) => `${k} ${n}`).join(", ");
    process.stderr.write(
      `tarotclub_bot: ${c.fallbacks} fallbacks${reasons ? ` (${reasons})` : ""},` +
        ` ${c.outbid} bids at or below the contract passed, ${c.decisions} decisions\n`,
    );
    if (args.stats) fs.appendFileSync(args.stats, `${JSON.stringify(c)}\n`);
  };
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on("line", (line) => {
    if (finished || !line.trim()) return;
    const answer = answerFor(adapter, line);
    if (answer === null) {
      finish();
      rl.close();
      process.exit(0);
    }
    process.stdout.write(`${ascii(JSON.stringify(answer))}\n`);
  });
  rl.on("close", finish);
}

main();
