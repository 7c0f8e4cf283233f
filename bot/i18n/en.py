"""English texts, the reference catalog: every key here exists in each other language's
catalog with the same ``{placeholders}`` (a test checks it)."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # ----- refusals (bot.tables.Refused codes) -------------------------------------------
    "refused.not_playing": "The game has not started yet.",
    "refused.table_exists": "A table is already open in this channel.",
    "refused.bad_players": "A table has 3 to 6 players, not {players}.",
    "refused.bad_rules": "Invalid rule options: {reason}",
    "refused.bad_deals": "A game has 1 to {max} deals, not {deals}.",
    "refused.already_seated": "You are already seated at this table.",
    "refused.bad_level": "Unknown bot level {level}: choose {levels}.",
    "refused.no_bot": "There is no bot at this table.",
    "refused.no_bot_seat": "Seat {seat} is not a bot.",
    "refused.seats_empty": "Seats still empty: {count}. Wait for players or add bots.",
    "refused.elsewhere": (
        "This table is run by another part of the bot, which did "
        "not answer in time: try again in a moment."
    ),
    "refused.unanswered": (
        "The part of the bot that runs this table stopped before answering your click: "
        "look at the table, and if your move is not there, make it again."
    ),
    "refused.stale": "This is no longer current: the table has moved on.",
    "refused.not_your_turn": "It is not your turn: {name} is to act.",
    "refused.not_your_seat": "That control is not yours: it belongs to another seat.",
    "refused.not_away": "You are not marked away.",
    "refused.bad_seat": "There is no seat {seat}.",
    "refused.not_human": "Seat {seat} is already a bot.",
    "refused.challenge": (
        "A challenge is played to its end by its player alone:"
        " it cannot be stopped, and no bot takes the seat."
    ),
    "refused.no_challenge": "There is no such challenge here.",
    "refused.challenge_closed": "This challenge is closed: /challenge results shows them.",
    "refused.already_played": "You have played this challenge already: one attempt each.",
    "refused.attempt_under_way": "Finish the challenge you are playing in your messages first.",
    "refused.results_hidden": "The results stay hidden until you have played this challenge.",
    "refused.no_table": "There is no table in this channel.",
    "refused.not_lobby": "The game has already started.",
    "refused.not_seated": "You are not seated at this table.",
    "refused.not_host": "Only the host can do that.",
    "refused.not_host_action": "Only the host can {action}.",
    "refused.not_host_or_moderator": (
        "Only the host, or a member with the Manage Channels permission here, can {action}."
    ),
    "refused.table_full": "Every seat is taken.",
    "refused.illegal": "Move refused: {reason}",
    "refused.storage": "The table could not save this; please try again.",
    "refused.generic": "Refused: {reason}",
    # ----- the engine's refusals (tarot_core.refusals: rule codes, actions, phases) ------
    "refused.illegal.game_over": "The game is over.",
    "refused.illegal.deal_over": "This deal is over.",
    "refused.illegal.unknown_action": "The rules know no such move.",
    "refused.illegal.wrong_phase": "{action} is not possible now: {phase}.",
    "refused.illegal.not_your_turn": "{action} is not possible: it is {to_act}'s turn.",
    "refused.illegal.bid_too_low": (
        "You cannot bid {contract}: a bid must be higher than {highest}."
    ),
    "refused.illegal.prise_not_allowed": (
        "{contract} is not played at this table: the lowest bid is {lowest}."
    ),
    "refused.illegal.call_not_king": "You cannot call {card}: the call is a King, of any suit.",
    "refused.illegal.call_lower_rank": (
        "You cannot call {card}: you may call it only if you were dealt all four {above}."
    ),
    "refused.illegal.ecart_not_in_hand": "You cannot discard {card}: it is not in your hand.",
    "refused.illegal.ecart_king": "You cannot discard {card}: a King may not go in the écart.",
    "refused.illegal.ecart_oudler": (
        "You cannot discard {card}: an oudler may not go in the écart."
    ),
    "refused.illegal.ecart_trump_not_needed": (
        "You cannot discard {card}: a trump may go in the écart only when your other cards"
        " cannot fill it (you still hold {cards})."
    ),
    "refused.illegal.ecart_size": "The écart must have {needed} cards, not {count}.",
    "refused.illegal.ecart_duplicate": "The écart names {card} twice.",
    "refused.illegal.after_first_card": (
        "{action} is no longer possible: it comes before your first card."
    ),
    "refused.illegal.poignee_already": "You have already shown a poignée.",
    "refused.illegal.poignee_size": (
        "A poignée shows exactly {sizes} cards at {players} players, not {count}."
    ),
    "refused.illegal.poignee_duplicate": "The poignée names {card} twice.",
    "refused.illegal.poignee_not_trump": (
        "You cannot show {card}: a poignée shows trumps (and the Excuse)."
    ),
    "refused.illegal.poignee_not_in_hand": "You cannot show {card}: it is not in your hand.",
    "refused.illegal.poignee_excuse": (
        "The Excuse may stand in for a trump only when you show every trump you hold"
        " (not shown: {cards})."
    ),
    "refused.illegal.misere_off": "This table plays without misère.",
    "refused.illegal.misere_already": "You have already declared a misère.",
    "refused.illegal.misere_hand": (
        "You cannot declare a misère: your hand as dealt holds {cards}"
        " (no trump, Excuse or face card allowed)."
    ),
    "refused.illegal.not_in_hand": "You cannot play {card}: you do not hold it.",
    "refused.illegal.must_follow": (
        "You cannot play {card}: you must follow {suit} (you hold {cards})."
    ),
    "refused.illegal.must_overtrump": (
        "You cannot play {card}: you must play a trump higher than {beat} (you hold {cards})."
    ),
    "refused.illegal.must_trump": (
        "You cannot play {card}: you must play a trump (you hold {cards})."
    ),
    "refused.action.bid": "Bidding {contract}",
    "refused.action.pass": "Passing",
    "refused.action.call": "Calling {card}",
    "refused.action.discard": "Discarding {card}",
    "refused.action.ecart": "Making the écart",
    "refused.action.slam": "Announcing a slam",
    "refused.action.no_slam": "Declining a slam",
    "refused.action.poignee": "Showing a poignée",
    "refused.action.misere": "Declaring a misère",
    "refused.action.play": "Playing {card}",
    "refused.phase.bidding": "the bidding is under way",
    "refused.phase.calling": "the taker is calling a King",
    "refused.phase.ecart": "the taker is making the écart",
    "refused.phase.slam": "the taker is deciding whether to announce a slam",
    "refused.phase.playing": "the cards are being played",
    "refused.phase.done": "the deal is over",
    "refused.ranks.12": "Knights",
    "refused.ranks.13": "Queens",
    "refused.ranks.14": "Kings",
    "refused.list_or": "{items} or {last}",
    "refused.other_channel": "This control belongs to the table in {channel}.",
    "refused.other_channel_anon": "This control belongs to a table in another channel.",
    "host_action.start": "start the game",
    "host_action.cancel": "cancel the lobby",
    "host_action.replace": "replace a player",
    "host_action.stop_table": "stop the table",
    "host_action.stop_game": "stop the game",
    # ----- general UI ---------------------------------------------------------------------
    "ui.stale": "This is no longer current: the table has moved on.",
    "ui.dms_closed": "I can't send you direct messages: use /tarot hand or the My hand button.",
    "ui.labelled": "**{label}**: {text}",
    "ui.done": "Done.",
    "ui.error": "Something went wrong; please try again.",
    "ui.no_table_here": "There is no table in this channel: start one with /tarot new.",
    "ui.table_elsewhere": "A table is already open in this channel: {link}",
    # ----- contracts, levels, bot names ---------------------------------------------------
    "contract.pass": "Pass",
    "contract.prise": "Prise",
    "contract.garde": "Garde",
    "contract.garde_sans": "Garde sans",
    "contract.garde_contre": "Garde contre",
    "level.random": "random",
    "level.heuristic": "heuristic",
    "level.expert": "expert",
    "bot_name.random": "Random bot",
    "bot_name.heuristic": "Heuristic bot",
    "bot_name.expert": "Expert bot",
    "seat.n": "Seat {seat}",
    "bot_name.numbered": "{name} {seat}",
    "poignee.simple": "simple",
    "poignee.double": "double",
    "poignee.triple": "triple",
    "status.lobby": "waiting for players",
    "status.playing": "in play",
    "status.finished": "finished",
    "status.stopped": "stopped",
    "status.cancelled": "cancelled",
    # ----- cards --------------------------------------------------------------------------
    "card.rank.1": "Ace",
    "card.rank.11": "Jack",
    "card.rank.12": "Knight",
    "card.rank.13": "Queen",
    "card.rank.14": "King",
    "card.short.11": "J",
    "card.short.12": "C",
    "card.short.13": "Q",
    "card.short.14": "K",
    "card.suit.0": "Spades",
    "card.suit.1": "Hearts",
    "card.suit.2": "Diamonds",
    "card.suit.3": "Clubs",
    "card.suit_card": "{rank} of {suit}",
    "card.trump": "Trump {n}",
    "card.petit": "the Petit",
    "card.excuse": "the Excuse",
    "hand.group.0": "Spades",
    "hand.group.1": "Hearts",
    "hand.group.2": "Diamonds",
    "hand.group.3": "Clubs",
    "hand.group.4": "Trumps",
    "hand.group.excuse": "Excuse",
    "hand.line": "**{group}**: {cards}",
    "hand.empty": "(no cards)",
    # ----- the lobby ----------------------------------------------------------------------
    "lobby.title": "French Tarot: a table for {players}",
    "lobby.deals": "Deals: {deals}",
    "lobby.host": "Host: {name}",
    "lobby.seats": "Seats",
    "lobby.seat": "{seat}. {name}",
    "lobby.empty_seat": "{seat}. (empty)",
    "lobby.host_mark": "(host)",
    "lobby.rules": "Rules",
    "lobby.rules_default": "FFT rules, no variant.",
    "lobby.hint": "Join to take a seat; the host starts once every seat is filled.",
    "lobby.ready": "Every seat is filled: the host can start.",
    "lobby.closed": "This table is closed ({status}).",
    # ----- rule options -------------------------------------------------------------------
    "rule.players": "{players} players",
    "rule.garde_contre_multiplier": "Garde contre counts ×{value}",
    "rule.prise_allowed.true": "Prise allowed",
    "rule.prise_allowed.false": "No prise: Garde is the lowest bid",
    "rule.poignee_bonus": "Poignée bonuses: {value}",
    "rule.misere.true": "Misère allowed",
    "rule.misere.false": "No misère",
    "rule.shuffle.full": "Cards shuffled before every deal",
    "rule.shuffle.cut": "No shuffle: the cards are gathered and cut (traditional)",
    # ----- the public table ---------------------------------------------------------------
    "table.title": "French Tarot: deal {n} of {m}",
    "table.title_done": "French Tarot: {status}",
    "table.seat": "{seat}. {name}",
    "table.dealer": "dealer",
    "table.away": "away",
    "table.host": "host",
    "table.total": "{total} pts",
    "table.turn.bid": "{name} to bid (turn started {since})",
    "table.turn.call": "{name} to call a King (turn started {since})",
    "table.turn.ecart": "{name} to make the écart (turn started {since})",
    "table.turn.slam": "{name} to announce a slam or not (turn started {since})",
    "table.turn.play": "{name} to play (turn started {since})",
    "table.turn.now": "just now",
    "table.stand_in_at": "A bot will play for them {when}.",
    "table.auction": "Auction",
    "table.bid": "{name}: {contract}",
    "table.auction_none": "nobody has spoken yet",
    "table.contract": "{name} takes: {contract}",
    "table.contract_partner": "{name} takes: {contract}, with {partner}",
    "table.called": "Called card: {card}",
    "table.slam": "Slam announced by {name}",
    "table.chien": "Chien: {cards}",
    "table.chien_hidden": "Chien: unseen ({contract})",
    "table.ecart_trumps": "Trumps in the écart: {cards}",
    "table.poignee": "Poignée ({level}, {name}): {cards}",
    "table.misere": "Misère: {name}",
    "table.petit_sec": "Petit sec ({name}): {cards}",
    "table.trick": "Trick {n}",
    "table.trick_empty": "Trick {n}: waiting for the lead",
    "table.last_trick": "Last trick (won by {name})",
    "table.played": "{name} {card}",
    "table.scores": "Scores",
    "table.score": "{name} {score}",
    "table.finished": "The game is over.",
    "table.stopped": "The game was stopped.",
    "table.moved": "This table goes on in a newer message below ↓ {link}",
    "table.moved_deal": "Deal {n} is played in a newer message below ↓ {link}",
    # ----- the private DM -----------------------------------------------------------------
    "dm.title": "French Tarot in {channel}: deal {n} of {m}, you are seat {seat}",
    "dm.hand": "Your hand",
    "dm.ecart": "Your écart: {cards}",
    "dm.contract": "Contract: {contract} (taker: {name})",
    "dm.called": "Called card: {card}",
    "dm.trick": "Trick so far: {cards}",
    "dm.waiting": "Waiting for {name}.",
    "dm.do.bid": "Your turn to bid: {choices}.",
    "dm.do.call": "Call a card (its holder is your secret partner): {choices}.",
    "dm.do.ecart": (
        "Discard {count:plural:one=# card|other=# cards} for your écart (no King, no oudler):"
        " {choices}."
    ),
    "dm.do.slam": "Announce a slam, or not.",
    "dm.do.play": "Your turn to play: {choices}.",
    "dm.do.poignee": "You may show a poignée: {choices}.",
    "dm.do.misere": "You may declare a misère.",
    "dm.game_over": "The game is over.",
    # The DM's state (issue 14: best bid, waiting, deal result, seat replaced)
    "dm.best_bid": "Highest bid so far: {contract} ({name})",
    "dm.waiting_others": "Waiting for the others (the table shows who is to play).",
    "dm.deal_result": "{deal} Your score: {score} (total {total}).",
    "dm.replaced": "Your seat was given to a bot: this game goes on without you.",
    # ----- events (one channel line each) -------------------------------------------------
    "event.game_started": "The game starts: {name} deals.",
    "event.contract_made": "{name} takes: {contract}.",
    "event.all_passed": "Everybody passed: the deal is void and the next one is dealt.",
    "event.king_called": "{name} calls {card}.",
    "event.chien_shown": "The chien: {cards}.",
    "event.ecart_trumps": "Trumps in the écart: {cards}.",
    "event.slam_announced": "{name} announces a slam!",
    "event.poignee_shown": "{name} shows a {level} poignée: {cards}.",
    "event.misere_declared": "{name} declares a misère.",
    "event.deal_made": "Deal {n}: {name} made the {contract}.",
    "event.deal_lost": "Deal {n}: {name} lost the {contract}.",
    "event.deal_passed": "Deal {n}: everybody passed.",
    "event.deal_petit_sec": "Deal {n}: a petit sec, the deal is annulled.",
    "event.game_finished": "The game is over: {name} wins with {score}.",
    "event.game_finished_tie": "The game is over: {names} share the first place with {score}.",
    "event.game_stopped.host": "The game was stopped by {name}; its finished deals count.",
    "event.game_stopped.host_anon": "The game was stopped; its finished deals count.",
    "event.game_stopped.idle": "The game was stopped: nobody played for too long.",
    "event.lobby_closed.cancelled": "The table was closed.",
    "event.lobby_closed.expired": "The table was closed: nobody started it in time.",
    "event.reminder": "{mention}, it is your turn: a bot will play for you {when}.",
    "event.stand_in": "{name} is away: a {level} bot plays for them until they are back.",
    "event.player_back": "{name} is back.",
    "event.seat_replaced": "{name} is replaced by a {level} bot for the rest of the game.",
    # ----- score sheet and standings ------------------------------------------------------
    "score.title": "Deal {n}: score sheet",
    "score.void.passed": "Everybody passed: no score, the next dealer deals.",
    "score.void.petit_sec": "A petit sec: the deal is annulled, the next dealer deals.",
    "score.contract": "{name} took a {contract}.",
    "score.contract_partner": "{name} took a {contract}, with {partner} as partner.",
    "score.contract_alone": "{name} took a {contract} and played alone.",
    "score.points": (
        "Points: {points} with {oudlers:plural:one=# oudler|other=# oudlers}; needed {target}."
    ),
    "score.made": "Made by {diff}.",
    "score.lost": "Lost by {diff}.",
    "score.base": "Base: (25 + {diff}) × {multiplier} = {base}",
    "score.petit_au_bout.taker": "Petit au bout for the taker: {bonus}",
    "score.petit_au_bout.defence": "Petit au bout for the defence: {bonus}",
    "score.poignee": "Poignée: {bonus}",
    "score.slam.made": "Slam made (not announced): {bonus}",
    "score.slam.announced_made": "Slam announced and made: {bonus}",
    "score.slam.announced_failed": "Slam announced and failed: {bonus}",
    "score.slam.defence": "Slam of the defence: {bonus}",
    "score.misere": "Misère ({name}): {bonus}",
    "score.hand": "Deal value: {score}",
    "score.seats": "This deal",
    "score.totals": "Totals",
    "score.line": "{name} {score}",
    "standings.title": "Final standings",
    "standings.line": "{rank}. {name} {score}",
    # ----- buttons and selects ------------------------------------------------------------
    "button.join": "Join",
    "button.leave": "Leave",
    "button.add_bot": "Add bot",
    "button.add_bot_level": "Add {level} bot",
    "button.remove_bot": "Remove bot",
    "button.start": "Start",
    "button.cancel": "Cancel table",
    "button.my_hand": "My hand",
    # Clicks (issue 14): an ephemeral hand with no move to make is refreshed in place.
    "button.refresh_hand": "Refresh",
    "button.pass": "Pass",
    "button.slam_yes": "Announce slam",
    "button.slam_no": "No slam",
    "button.call": "Call {card}",
    "button.discard": "Discard",
    "button.confirm_ecart": "Confirm écart",
    "button.poignee": "Show poignée ({level})",
    "button.misere": "Misère",
    "button.back": "I'm back",
    "button.stop": "Stop the game",
    "select.ecart": "Cards to discard: {suit}",
    "select.bot_level": "Bot level",
    "select.poignee": "Cards to show",
    # ----- slash commands (descriptions at most 100 characters) ---------------------------
    "name.tarot.new": "new",
    "name.tarot.join": "join",
    "name.tarot.leave": "leave",
    "name.tarot.addbot": "addbot",
    "name.tarot.start": "start",
    "name.tarot.hand": "hand",
    "name.tarot.stop": "stop",
    "name.tarot.rules": "rules",
    "name.tarot.back": "back",
    "name.tarot.replace": "replace",
    "name.leaderboard": "leaderboard",
    "name.stats": "stats",
    "name.history": "history",
    "name.option.players": "players",
    "name.option.deals": "deals",
    "name.option.misere": "misere",
    "name.option.prise_allowed": "prise_allowed",
    "name.option.level": "level",
    "name.option.seat": "seat",
    "name.option.scope": "scope",
    "name.option.period": "period",
    "name.option.player": "player",
    "name.option.garde_contre_multiplier": "garde_contre_multiplier",
    "name.option.poignee_bonus": "poignee_bonus",
    "name.option.shuffle": "shuffle",
    "choice.garde_contre.6": "×6 (FFT)",
    "choice.garde_contre.8": "×8",
    "choice.poignee.fft": "20 / 30 / 40 (FFT)",
    "choice.poignee.high": "20 / 40 / 60",
    "cmd.tarot": "Play French Tarot in this channel",
    "cmd.tarot.new": "Open a Tarot table in this channel",
    "cmd.tarot.new.players": "Number of players: 3 to 6",
    "cmd.tarot.new.deals": "Number of deals in the game (default: one per player)",
    "cmd.tarot.new.garde_contre_multiplier": "Multiplier of a garde contre: 6 (FFT) or 8",
    "cmd.tarot.new.prise_allowed": "Allow the prise (off: garde is the lowest bid)",
    "cmd.tarot.new.poignee_bonus": "Poignée bonuses: 20/30/40 (FFT) or 20/40/60",
    "cmd.tarot.new.misere": "Allow the misère (not an FFT rule)",
    "cmd.tarot.new.shuffle": "Shuffle before every deal, or gather and cut (traditional)",
    "cmd.tarot.join": "Take a seat at the table in this channel",
    "cmd.tarot.leave": "Leave the table in this channel before it starts",
    "cmd.tarot.addbot": "Seat a computer player at the table",
    "cmd.tarot.addbot.level": "How strong the bot plays",
    "cmd.tarot.start": "Start the game (host only, once every seat is filled)",
    "cmd.tarot.hand": "Show your hand and your controls (only you see it)",
    "cmd.tarot.stop": "Stop the game or close the lobby (host only)",
    "cmd.tarot.rules": "Show the rules of the table in this channel",
    "cmd.tarot.back": "Take your seat back from the bot standing in for you",
    "cmd.tarot.replace": "Give a player's seat to a bot for the rest of the game (host only)",
    "cmd.tarot.replace.seat": "The seat number",
    "cmd.tarot.replace.level": "How strong the bot plays",
    "cmd.leaderboard": "Show the leaderboard of this server, or the global one",
    "cmd.leaderboard.scope": "This server or every server",
    "cmd.leaderboard.period": "All time, this week or this month (UTC)",
    "cmd.stats": "Show a player's statistics",
    "cmd.stats.player": "The player (default: you)",
    "cmd.stats.scope": "This server or every server",
    "cmd.history": "Show a player's recent games",
    "cmd.history.player": "The player (default: you)",
    "choice.scope.guild": "This server",
    "choice.scope.global": "Every server",
    "choice.period.all": "All time",
    "choice.period.week": "This week",
    "choice.period.month": "This month",
    "choice.shuffle.full": "Shuffle",
    "choice.shuffle.cut": "Gather and cut",
    # ----- leaderboards, stats, history ---------------------------------------------------
    "lb.title.guild": "Leaderboard of this server",
    "lb.title.global": "Global leaderboard",
    "lb.empty": "Nobody is ranked yet: a player is ranked after {games} games.",
    "lb.line": "{rank}. {name}: rating {rating}, {points} pts in {games} games",
    "stats.title": "Statistics: {name}",
    "stats.scope.guild": "on this server",
    "stats.scope.global": "on every server",
    "stats.none": "{name} has not played yet.",
    "stats.points": "Points",
    "stats.games": "Games",
    "stats.deals": "Deals",
    "stats.average": "Average per deal",
    "stats.taker_rate": "Deals taken",
    "stats.success_rate": "Contracts made",
    "stats.rating": "Rating",
    "stats.rank": "Rank {rank} of {ranked}",
    "stats.unranked": "Not ranked yet: {games} of {needed} games played",
    "stats.none_value": "n/a",
    "history.title": "Recent games: {name}",
    "history.empty": "{name} has no game yet.",
    "history.game": "Game {id}, {date}: {status}, {deals} deals",
    "history.seat": "{rank}. {name} {score}",
    "history.deal": "Deal {n}: {outcome}",
    "history.record": "Deal record of game {id}, deal {n}",
    "lb.row": (
        "**{rank}.** {name}: rating **{rating}** · games {games} · deals {deals}"
        " · per deal {average} · taken {taken} · made {made}"
    ),
    "lb.title.period": "{board} · {period}",
    "lb.period.week": "This week (since Monday {date})",
    "lb.period.month": "This month ({month})",
    "lb.period.row": (
        "**{rank}.** {name}: **{points}** pts · deals {deals} · per deal {average}"
        " · taken {taken} · made {made}"
    ),
    "lb.period.empty": "No deal of a table game has ended in this period yet.",
    "lb.period.footer": "Table games only (challenges do not count), from 00:00 UTC.",
    "lb.min_games": "A player is ranked after {games} games.",
    "history.game_in": "**Game {id}** · {date} · {channel} · {status} · deals: {deals}",
    "history.seat_unranked": "{name} {score}",
    "history.attached": "Deal records of game {id} attached: {shown} of {total}.",
    "outcome.played": "played",
    "outcome.passed": "everybody passed",
    "outcome.petit_sec": "petit sec",
    # ----- the lobby's Remove and Play again, /help and /tarot rules explained (issue 14)
    "ui.table_opened": (
        "Table opened: {players} players, {deals:plural:one=# deal|other=# deals}. Others "
        "can join with the buttons of the table message."
    ),
    "ui.missing_permissions": (
        "No table can run in this channel: I am missing {names}. Someone who manages "
        "the channel can allow them in its permissions."
    ),
    "ui.missing_permissions.threads": "Or a server manager can turn threads off: {command}.",
    "permission.view_channel": "View Channel",
    "permission.send_messages": "Send Messages",
    "permission.read_message_history": "Read Message History",
    "permission.attach_files": "Attach Files",
    "permission.create_public_threads": "Create Public Threads",
    "permission.send_messages_in_threads": "Send Messages in Threads",
    "refused.empty_seat": "Seat {seat} is already empty.",
    "refused.host_seat": ("The host cannot remove their own seat: Leave cancels the lobby."),
    "host_action.remove": "remove a player",
    "button.remove_seat": "Remove {name}",
    "button.play_again": "Play again",
    # ----- spectators: Watch and its Refresh (issue 14)
    "button.watch": "Watch",
    "button.refresh_watch": "Refresh",
    "watch.header": "👀 The table as everyone sees it, only for you: Refresh to follow the game.",
    "watch.ended": "This game is {status}.",
    "watch.gone": "This table is no longer open.",
    "name.tarot.remove": "remove",
    "cmd.tarot.remove": ("Free a seat of the lobby, a bot's or a player's (host only)"),
    "cmd.tarot.remove.seat": "Who to remove",
    "name.help": "help",
    "cmd.help": "What this bot does, how to start a table, the commands",
    "help.text": (
        "**French Tarot** is a trick-taking card game for 3 to 6 players with 78 cards: one "
        "player (the taker) bids to win the deal against the others, helped by the 21 trumps and "
        "the Excuse.\n\n**Start a table**: `/tarot new` in a channel (players, deals, variants), "
        "then others press Join, the host adds bots for empty seats and presses Start. Your hand "
        "comes by DM, with buttons for your legal moves only.\n\n**Commands**\n- `/tarot new`, "
        "`join`, `leave`, `addbot`, `remove`, `start`: the lobby\n- `/tarot hand`: your hand, "
        "only for you (if your DMs are closed)\n- `/tarot back`, `replace`, `stop`: during a "
        "game\n- `/tarot rules`: the rules of the table and what each option means\n- `/tarot "
        "settings`, `threads`: this server's table settings and a thread per table (Manage "
        "Server)\n- `/challenge play`, `results`: duplicate challenges, the deal of the day among "
        "them: the same cards for every member, played alone in your DMs at your own pace, "
        "compared deal by deal with the par (the expert bot in your seat) and with the others in "
        "matchpoints; `/challenge create` opens one, and the daily challenge channel of `/tarot "
        "settings` gets one every day (Manage Server)\n- `/help`: this help\n- `/leaderboard`, "
        "`/stats`, `/history`: results and deal records (`/leaderboard period`: all time, this "
        "week or this month)"
        "\n\n**The coach**: `/tarot review` (or *Review my play* on a score sheet or in "
        "`/history`) weighs each of your decisions in a finished deal (bid, écart, poignée, "
        "cards) by the expert's search from what you could see then: the best option, the "
        "cost in points, a grade from best to blunder. Only for you; *Share* posts the "
        "summary, never a card. In the terminal game: `review`."
        "\n\nThe rules in full: see them with `/tarot rules` and in "
        "`docs/rules.md` of the bot's repository."
    ),
    "rules.title_table": "The rules of this table",
    "rules.title_options": (
        "The options of a table (the host chooses them with the lobby's Rules button)"
    ),
    "rules.explain.garde_contre_multiplier": (
        "garde_contre_multiplier: a Garde contre (the chien goes to the defence unseen) "
        "multiplies the deal's score by 6 (FFT) or by 8."
    ),
    "rules.explain.prise_allowed": (
        "prise_allowed: whether the smallest bid, the Prise (×1), may be made; when off, "
        "the smallest bid is the Garde (×2)."
    ),
    "rules.explain.poignee_bonus": (
        "poignee_bonus: the bonus for showing a poignée (a simple, double or triple set of "
        "trumps): 20/30/40 points (FFT) or 20/40/60, to the side that wins the deal."
    ),
    "rules.explain.misere": (
        "misere: a player dealt no trump, no Excuse and no face card may declare a misère "
        "before their first card and gains 10 from each other player (not an FFT rule)."
    ),
    "rules.explain.shuffle": (
        "shuffle: the cards are shuffled before every deal, or (cut) gathered and only cut, "
        "as at a real table, so that suits stay together."
    ),
    # A thread per table (/tarot threads)
    "thread.name": "Tarot — table of {name}",
    "name.tarot.threads": "threads",
    "cmd.tarot.threads": "A thread per table for its event lines, or lines in the channel",
    "cmd.tarot.threads.state": "on: each game's lines in its own thread; off: in the channel",
    "name.option.state": "state",
    "choice.threads.on": "on",
    "choice.threads.off": "off",
    "ui.threads_on": (
        "From the next game on, each table of this server gets a thread for its event lines."
    ),
    "ui.threads_off": "From the next game on, event lines are posted in the table's channel.",
    "ui.threads_manage_guild": "Only members with the Manage Server permission can change this.",
    # Per-server settings (/tarot settings)
    "name.tarot.settings": "settings",
    "name.tarot.review": "review",
    "cmd.tarot.review": "The coach weighs your decisions in a finished deal (only you see it)",
    "cmd.tarot.review.game": "The game's number (default: your last finished game)",
    "cmd.tarot.review.deal": "The deal's number in that game (default: its last)",
    "name.option.game": "game",
    "name.option.deal": "deal",
    "cmd.tarot.settings": "Show or change this server's table settings (Manage Server)",
    "cmd.tarot.settings.setting": "The setting to show or change",
    "cmd.tarot.settings.value": "Its new value (leave empty to see what it takes)",
    "cmd.tarot.settings.reset": "Put the setting back to the bot's default",
    "name.option.setting": "setting",
    "name.option.value": "value",
    "name.option.reset": "reset",
    "setting.threads": "Thread per table",
    "setting.language": "Table language",
    "setting.players": "Players",
    "setting.deals": "Deals per game",
    "setting.misere": "Misère",
    "setting.prise_allowed": "Prise allowed",
    "setting.garde_contre_multiplier": "Garde contre multiplier",
    "setting.poignee_bonus": "Poignée bonuses",
    "setting.reminder_after": "Turn reminder after",
    "setting.stand_in_after": "Stand-in plays after",
    "setting.challenge_channel": "Daily challenge channel",
    "setting.challenge_hour": "Daily challenge hour (UTC)",
    "setting.challenge_variants": "Daily challenge variants",
    "setting.ladder_days": "Days counted on the challenge ladder",
    "setting.shuffle": "Shuffle",
    "settings.on": "on",
    "settings.off": "off",
    "settings.per_player": "one per player",
    "settings.server_language": "the server's language",
    "settings.seconds": "{count:plural:one=# second|other=# seconds}",
    "settings.title": "Table settings of this server (new tables use them):",
    "settings.line_default": "{name}: {value} (default)",
    "settings.line_set": "{name}: **{value}** (set for this server)",
    "settings.allowed": "{name} takes: {allowed}.",
    "settings.changed": "{name} is now {value} for this server's new tables.",
    "settings.was_reset": "{name} is back to its default: {value}.",
    "settings.bad_value": "{name} cannot be “{value}”: allowed values are {allowed}.",
    # ----- house rules (issue 10): each option's values and what it means
    "rule.six_players.twelve_cards": "At 6: everyone plays, 12 cards each, the taker calls a card",
    "rule.six_players.dealer_sits_out": (
        "At 6: the dealer sits out and the five others play a 5-player deal"
    ),
    "setting.six_players": "Six players",
    "rules.explain.six_players": (
        "six_players (only at 6 players): either everyone plays with 12 cards each and the "
        "taker calls a card as at 5, or the dealer of each deal sits out (no cards, scores 0)"
        " while the five others play a 5-player deal."
    ),
    "seat.sits_out": "sits out",
    "dm.sits_out": "You deal this one and sit out: the five others play it.",
    "rule.petit_imprenable.true": "Petit imprenable: a Petit dealt alone (no Excuse) is protected",
    "rule.petit_imprenable.false": "No petit imprenable (a lone Petit is a petit sec)",
    "setting.petit_imprenable": "Petit imprenable",
    "rules.explain.petit_imprenable": (
        "petit_imprenable: a hand dealt the Petit as its only trump, without the Excuse, is "
        "not a petit sec; its Petit may be played at any time, is never forced, and when it "
        "does not win its trick it stays with its side like the Excuse."
    ),
    "table.petit_imprenable": "Protected Petit (petit imprenable): {name}",
    "dm.petit_imprenable": (
        "Your Petit is protected (petit imprenable): play it when you like; if it does not "
        "win its trick, your side keeps it."
    ),
    "refused.illegal.passed_already": "You passed in this auction: you do not speak again.",
    "refused.illegal.no_parole_said": "Only the players who said parole speak in the second round.",
    "refused.illegal.parole_off": "This table plays without parole.",
    "refused.illegal.parole_first_round": "Parole is said only in the first round.",
    "contract.parole": "Parole",
    "rule.auction.single_round": "One round of bidding (FFT)",
    "rule.auction.open": "Open auction: bidding goes round until all but one have passed",
    "rule.parole.true": "Parole allowed in the first round",
    "rule.parole.false": "No parole",
    "setting.auction": "Auction",
    "setting.parole": "Parole",
    "rules.explain.auction": (
        "auction: one round, each player speaking once (FFT); or open, where the bidding goes"
        " round the table until every player but one has passed, so a player who is outbid "
        "may bid again."
    ),
    "rules.explain.parole": (
        "parole: in the first round a player may say parole instead of passing or bidding; "
        "those who said it speak once more after the first round (not with an open auction)."
    ),
    "score.rounded": (
        "Scores rounded to ten (a 5 away from zero); the taker's keeps the deal at zero."
    ),
    "refused.illegal.petit_chelem_off": "This table plays without the petit chelem.",
    "refused.illegal.misere_kind": (
        "At this table a misère is declared by kind: misère d'atout or misère de têtes."
    ),
    "refused.action.petit_chelem": "Announcing a petit chelem",
    "button.petit_chelem": "Petit chelem",
    "button.misere.trumps": "Misère d'atout",
    "button.misere.faces": "Misère de têtes",
    "event.petit_chelem_announced": "{name} announces a petit chelem!",
    "event.misere_declared.trumps": "{name} declares a misère d'atout.",
    "event.misere_declared.faces": "{name} declares a misère de têtes.",
    "table.petit_chelem": "Petit chelem announced by {name}",
    "table.misere.trumps": "Misère d'atout: {name}",
    "table.misere.faces": "Misère de têtes: {name}",
    "score.slam.petit_announced_made": "Petit chelem announced and made: {bonus}",
    "score.slam.petit_announced_failed": "Petit chelem announced and failed: {bonus}",
    "score.slam.petit_made": "Petit chelem made (not announced): {bonus}",
    "misere.kind.trumps": "misère d'atout",
    "misere.kind.faces": "misère de têtes",
    "refused.illegal.pousse_not_allowed": (
        "{contract} is not played at this table: it has no Pousse."
    ),
    "contract.petite": "Petite",
    "score.base_fixed": "Base: {value} + {diff} = {base}",
    "rule.contracts.fft": "Contracts: Prise, Garde, Garde sans, Garde contre (FFT)",
    "rule.contracts.pousse": "Contracts with a Pousse between Prise and Garde",
    "rule.contracts.fixed": (
        "Fixed contract values: Petite 10, Pousse 20, Garde 40, Garde sans 80, Garde contre 160"
    ),
    "rule.round_to_ten.true": "Scores rounded to ten",
    "rule.round_to_ten.false": "Scores not rounded",
    "rule.petit_chelem.true": "Petit chelem allowed",
    "rule.petit_chelem.false": "No petit chelem",
    "rule.misere.split": "Misère d'atout and misère de têtes, declared separately",
    "contract.pousse": "Pousse",
    "setting.contracts": "Contracts",
    "setting.round_to_ten": "Scores rounded to ten",
    "setting.petit_chelem": "Petit chelem",
    "rules.explain.contracts": (
        "contracts: FFT (Prise, Garde, Garde sans, Garde contre); pousse (a Pousse, played "
        "like a Prise and worth ×1, outranks the Prise); or fixed, the older scoring where "
        "Petite, Pousse, Garde, Garde sans and Garde contre are worth 10, 20, 40, 80 and 160 "
        "points instead of multiplying."
    ),
    "rules.explain.round_to_ten": (
        "round_to_ten: after each deal every score but the taker's is rounded to the nearest "
        "ten (a 5 away from zero), and the taker's keeps the deal's sum at zero."
    ),
    "rules.explain.petit_chelem": (
        "petit_chelem: the taker may announce a petit chelem (every trick but at most three): "
        "+300 if made, −150 if not; made without announcing it: +150."
    ),
    # rules menu (issue 10)
    "button.rules": "Rules",
    "button.rules_back": "Back to the rules",
    "rules_menu.hint": "You are the host: pick an option below to change it before the start.",
    "rules_menu.pick_option": "Change an option…",
    "rules_menu.pick_value": "Choose its value…",
    "rules_menu.current": "At this table: {value}",
    "host_action.rules": "change the rules",
    "refused.unknown_rule": "There is no rule option {option}.",
    "refused.bad_rule_value": "{option} cannot be {value}: it takes {allowed}.",
    "refused.rule_conflict": "{option}: “{value}” does not go with this table's other rules.",
    # Pictures (bot/pictures): a finished deal's picture, the game's chart, /stats, /history.
    "picture.deal.seat": "Seat {n}",
    "picture.deal.takes": "{name}: {contract}",
    "picture.deal.called": "called",
    "picture.deal.partner": "partner {name}",
    "picture.deal.alone": "alone",
    "picture.deal.points": "{points} points, {target} needed",
    "picture.deal.verdict": "{points}: {outcome}",
    "picture.deal.made": "made",
    "picture.deal.failed": "failed",
    "picture.deal.petit_au_bout": "Petit au bout: {side}",
    "picture.deal.taker_side": "taker",
    "picture.deal.defence_side": "defence",
    "picture.deal.passed": "Everyone passed: no deal",
    "picture.deal.petit_sec": "{name} held the Petit sec: no deal",
    "picture.deal.hands": "Hands as dealt",
    "picture.deal.chien": "Chien",
    "picture.deal.ecart": "Écart",
    "picture.deal.tricks": "Tricks",
    "picture.deal.sits_out": "deals and sits out",
    "picture.deal.taker": "taker",
    "picture.deal.partner_tag": "partner",
    "picture.deal.legend_winner": "won the trick",
    "picture.deal.legend_leader": "led the trick",
    "picture.deal.legend_excuse": "Excuse, kept by its side",
    "picture.deal.legend_side": "taker's side",
    "picture.deal.legend_oudler": "oudler",
    "picture.slam.announced_made": "Slam announced and made",
    "picture.slam.announced_failed": "Slam announced, failed",
    "picture.slam.made": "Slam made",
    "picture.slam.defence": "Slam by the defence",
    "picture.slam.petit_announced_made": "Petit chelem announced and made",
    "picture.slam.petit_announced_failed": "Petit chelem announced, failed",
    "picture.slam.petit_made": "Petit chelem made",
    "picture.totals_title": "Running totals",
    "picture.deal_axis": "Deal",
    "picture.points_title": "Points over the last {games} games",
    "picture.game_axis": "Game",
    "history.picture_placeholder": "Picture of a deal of game {id}…",
    "history.picture_option": "Deal {n}",
    "history.picture": "Game {id}, deal {n}",
    "history.picture_missing": "Game {id} has no finished deal {n}.",
    # ----- the terminal game (python -m bot play): texts only the terminal shows --------
    "terminal.you": "You",
    "terminal.words.yes": "yes, y",
    "terminal.words.no": "no, n",
    "terminal.words.help": "help, ?",
    "terminal.words.score": "score, scores, totals",
    "terminal.words.quit": "quit, exit",
    "terminal.words.review": "review",
    "terminal.words.slam": "slam, chelem",
    "terminal.words.petit_chelem": "petit chelem, petit",
    "terminal.welcome": "French Tarot at {players} players: you are seat 1, against {names}.",
    "terminal.thinking": "The expert bots think {ms} ms a decision.",
    "terminal.rules": "The rules of this table:",
    "terminal.notation": (
        "Cards are written {cards} (a King, a ten, trump 21, the Petit, the Excuse); type them"
        " so, or as KS, 10H, 21, EX."
    ),
    "terminal.commands": (
        "At any prompt: {help} for what you can answer, {score} for the totals, {review} for"
        " the coach's review of your decisions in the last deal, {quit} to leave the game."
    ),
    "terminal.deal_header": "=== Deal {n} of {m} · dealer: {name} ===",
    "terminal.deal_header_sits_out": (
        "=== Deal {n} of {m} · dealer: {name}, who sits out (the five others play) ==="
    ),
    "terminal.your_hand": "Your hand:",
    "terminal.played": "{name}: {card}",
    "terminal.partner": "Partner: {name}",
    "terminal.trick_of": "Trick {n} of {m}",
    "terminal.trick_won": "{name} wins trick {n}.",
    "terminal.you.trick_won": "You win trick {n}.",
    "terminal.you.contract_made": "You take: {contract}.",
    "terminal.you.king_called": "You call {card}.",
    "terminal.you.slam_announced": "You announce a slam!",
    "terminal.you.petit_chelem_announced": "You announce a petit chelem!",
    "terminal.you.poignee_shown": "You show a {level} poignée: {cards}.",
    "terminal.you.misere_declared": "You declare a misère.",
    "terminal.you.misere_declared.trumps": "You declare a misère d'atout.",
    "terminal.you.misere_declared.faces": "You declare a misère de têtes.",
    "terminal.you_hold_called": (
        "You hold the called card, {card}: you are {name}'s partner, and nobody knows it until"
        " you play it."
    ),
    "terminal.partner_revealed": "{card} is played: {partner} is {name}'s partner.",
    "terminal.you.partner_revealed": "{card} is played: {partner} is your partner.",
    "terminal.partner_you": "{card} is played: everyone now knows you are {name}'s partner.",
    "terminal.taker_alone": "The called card, {card}, is the taker's own: {name} plays alone.",
    "terminal.you.taker_alone": "The called card, {card}, is your own: you play alone.",
    "terminal.petit_sec": "{name} holds the Petit sec: {cards}.",
    "terminal.you.petit_sec": "You hold the Petit sec: {cards}.",
    "terminal.deal_again": ("It does not count: deal {n} of {m} is dealt again."),
    "terminal.you.score.contract": "You took a {contract}.",
    "terminal.you.score.contract_partner": "You took a {contract}, with {partner} as partner.",
    "terminal.you.score.contract_alone": "You took a {contract} and played alone.",
    "terminal.score.contract_you_partner": "{name} took a {contract}, with you as partner.",
    "terminal.ecart": "{name}'s écart: {cards}",
    "terminal.you.ecart": "Your écart: {cards}",
    "terminal.chien_unseen": "The chien, unseen in this deal: {cards}",
    "terminal.you.game_finished": "The game is over: you win with {score}.",
    "terminal.totals": ("Totals after {count:plural:one=# deal|other=# deals} of {m}: {totals}"),
    "terminal.abandoned": "Game abandoned.",
    "terminal.not_understood": "Not understood: “{answer}”.",
    "terminal.type": "Type {accepted}.",
    "terminal.help": (
        "Here you can type {accepted}. At any prompt: {score} for the totals so far, {review}"
        " for the coach's review of the last deal, {quit} to leave the game."
    ),
    "terminal.ask.bid": "Your bid ({choices}):",
    "terminal.ask.call": "Call a card: its holder is your partner ({choices}):",
    "terminal.ask.ecart": (
        "Your écart: {count:plural:one=# card|other=# cards} (no King, no oudler):"
    ),
    "terminal.accept.ecart": (
        "{count:plural:one=# card|other=# cards} of your hand, separated by spaces (no King,"
        " no oudler; a trump only if you must)"
    ),
    "terminal.ask.slam": "Announce a slam? ({choices}):",
    "terminal.misere": "a misère",
    "terminal.ask.misere": "Declare {what}? ({choices}):",
    "terminal.poignee_offer": (
        "You may show a {level} poignée ({count} cards); shown by default, your lowest trumps:"
        " {cards}"
    ),
    "terminal.ask.poignee": "Show a poignée? ({choices}, or the cards to show):",
    "terminal.accept.poignee": "{choices}, or the cards to show, separated by spaces",
    "terminal.ask.lead": "Your lead ({choices}):",
    "terminal.ask.play": "Your card ({choices}):",
    "challenge.label": "#{id} · {day} · {deals} deals at {players}",
    "challenge.label.instance": "#{id} · everyone's · {day} · {deals} deals at {players}",
    "challenge.post": (
        "**Challenge #{id}** · {deals} deals at {players} players · closes {closes}\nEveryone "
        "plays the same cards, alone against computer players, and is compared deal by deal with "
        "the others and with the par (the expert bot in the same seat). One attempt each; the "
        "results stay hidden until you have played."
    ),
    "challenge.rules": "Rules: {rules}",
    "challenge.play": "Play",
    "challenge.started": "Your challenge is in your messages: {link}",
    "challenge.none_open": (
        "No challenge is open here. A member with Manage Server opens one with /challenge create."
    ),
    "challenge.no_results": "No challenge of this server to show.",
    "challenge.mp": "{mp} of the matchpoints",
    "challenge.mp.alone": "nobody to compare with yet",
    "challenge.deal.unplayed": "not played: the par's {score}",
    "challenge.deal.passed": "everybody passed: {score}",
    "challenge.deal.made": "you took a {contract} and made it: {score}",
    "challenge.deal.down": "you took a {contract} and went down: {score}",
    "challenge.deal.defended": "you defended: {score}",
    "challenge.par.passed": "the par passed ({score})",
    "challenge.par.took": "the par took a {contract}: {score}",
    "challenge.par.defended": "the par defended: {score}",
    "challenge.deal": (
        "Deal {n}: {you} ({versus} against the par; {par}). {took} of {played} took. {mp}."
    ),
    "challenge.row": "{rank}. {name}: {mp}, {versus} against the par",
    "challenge.unfinished": "(unfinished)",
    "challenge.results.title": "**Challenge #{id}** · {day} · {count} in the results",
    "challenge.results.open": "Still open: more members may finish by {closes}.",
    "challenge.results.you": (
        "You: rank {rank} of {count} here, {mp}, {versus} against the par ({total} points)."
    ),
    "challenge.results.everywhere": "Among every server's players: rank {rank} of {count}.",
    "challenge.results.nobody": "Nobody has finished it yet.",
    "challenge.finished": "**Challenge #{id} played.**",
    "challenge.review.placeholder": "Review a deal…",
    "challenge.review.option": "Deal {n}",
    "challenge.review.title": "**Challenge #{id}, deal {n}**",
    "challenge.review.you": "{you} ({versus} against the par; {mp}).",
    "challenge.review.absent": "You did not play this challenge.",
    "challenge.review.par.made": "The par took a {contract} and made it: {score}.",
    "challenge.review.par.down": "The par took a {contract} and went down: {score}.",
    "challenge.review.par.defended": "The par defended ({taker} took a {contract}): {score}.",
    "challenge.review.par.passed": "With the par, everybody passed: {score}.",
    "challenge.review.field": (
        "In the results: {played:plural:one=# member played it|other=# members played it}; {took}"
        " took, {made} made it. Best {best}, median {median}, worst {worst}."
    ),
    "challenge.review.field.nobody": "Nobody in the results has played it yet.",
    "challenge.review.par_name": "Par",
    "cmd.challenge": "Duplicate challenges: the same deals for everyone, at your own pace",
    "name.challenge.create": "create",
    "name.challenge.play": "play",
    "name.challenge.results": "results",
    "name.challenge.ladder": "ladder",
    "name.option.month": "month",
    "cmd.challenge.ladder": "This month's ladder of the daily challenges",
    "cmd.challenge.ladder.month": "Which month, as YYYY-MM (default: this month, UTC)",
    "challenge.streak": "Streak: {count:plural:one=# day|other=# days}",
    "challenge.ladder.title": (
        "**Daily challenge ladder · {month}** · each member's best {best} days"
    ),
    "challenge.ladder.row": "{rank}. {name}: {total} · {days:plural:one=# day|other=# days}",
    "challenge.ladder.empty": "Nobody has played this server's daily challenge in {month}.",
    "challenge.ladder.you": (
        "You: rank {rank} of {count}, {total} · {days:plural:one=# day|other=# days}."
    ),
    "challenge.ladder.everywhere": (
        "Every server's ladder (best {best} days): you are rank {rank} of {count},"
        " {total} · {days:plural:one=# day|other=# days}."
    ),
    "challenge.ladder.bad_month": "A month is written YYYY-MM, for example {example}.",
    "name.option.challenge": "challenge",
    "cmd.challenge.create": "Open a challenge for this server's members (Manage Server)",
    "cmd.challenge.create.deals": "Number of deals (default 4)",
    "cmd.challenge.create.players": "Players at the table: 3 to 6 (default 4)",
    "cmd.challenge.play": "Play a challenge, alone, in your messages",
    "cmd.challenge.which": "Which challenge (default: the latest open)",
    "cmd.challenge.results": "A challenge's results (once you have played it)",
    "challenge.daily": "🗓️ **The challenge of the day**",
    "challenge.daily.everyone": (
        "Also today, the challenge of every server's players: #{id}, in /challenge play."
    ),
    "challenge.final.title": "**Final results of challenge #{id}** ({day}, {count} in the results)",
    "challenge.intro": (
        "**Challenge #{id}**: your table and your hand follow here. Play at your own pace; nobody "
        "plays for you."
    ),
    "name.option.rules": "rules",
    "name.option.variants": "variants",
    "cmd.challenge.create.rules": (
        "Any other rule options, as name=value (contracts=pousse round_to_ten=on)"
    ),
    "cmd.challenge.create.variants": (
        "Deal each deal in that many variants, members compared within theirs (1 to 10)"
    ),
    "dm.title_challenge": "Challenge #{id}: deal {n} of {m}, you are seat {seat}",
    # The coach (bot/render/review.py): a seat's decisions in one deal, weighed by the expert.
    # For the Discord layer: review.not_found takes {id} (the game) and {n} (the deal, from 1);
    # review.menu_placeholder takes {id}; review.menu_option takes {n}; review.busy,
    # review.not_seated, review.in_play, review.challenge, review.no_deal, review.button,
    # review.share_button and review.shared take nothing.
    "review.title": "**Your decisions weighed · game {id}, deal {n}** ({seat})",
    "review.title.deal": "**Your decisions weighed · deal {n}** ({seat})",
    "review.share.title": "**{name}'s play reviewed by the coach · game {id}, deal {n}**",
    "review.share.title.deal": "**{name}'s play reviewed by the coach · deal {n}**",
    "review.no_decision": "No decision to weigh in this deal: every move was forced.",
    "review.counts": "Decisions: {counts}",
    "review.count.best": "{count:plural:one=# best|other=# best}",
    "review.count.fine": "{count:plural:one=# fine|other=# fine}",
    "review.count.inaccuracy": "{count:plural:one=# inaccuracy|other=# inaccuracies}",
    "review.count.mistake": "{count:plural:one=# mistake|other=# mistakes}",
    "review.count.blunder": "{count:plural:one=# blunder|other=# blunders}",
    "review.clean": (
        "No error found: each decision was the best, or as good within the estimate's margin."
    ),
    "review.cost": "Cost of errors: {points}",
    "review.points": "{points:plural:one=# point|other=# points}",
    "review.key.title": "Key moments:",
    "review.key": "- {kind}: {grade}, cost {points}",
    "review.key.reason": "- {kind}: {grade}, cost {points} — {reason}",
    "review.line.best": "{kind}: {chosen} · {grade}",
    "review.line": "{kind}: {chosen} (best: {best}; cost {points}) · {grade}",
    "review.line.nocost": "{kind}: {chosen} (best: {best}) · {grade}",
    "review.quiet": (
        "Not listed: {count:plural:one=# decision|other=# decisions} graded best or fine."
    ),
    "review.note": (
        "Each decision is weighed by the expert from what you could see at that moment. Costs "
        "are in your score points, ± the estimate's standard error; only a cost the estimate "
        "is sure of is flagged."
    ),
    "review.margin": "{points} ± {error}",
    "review.kind.bid": "Bid",
    "review.kind.call": "Call",
    "review.kind.ecart": "Écart",
    "review.kind.slam": "Slam",
    "review.kind.poignee": "Poignée",
    "review.kind.play": "Trick {trick}",
    "review.grade.best": "best",
    "review.grade.fine": "fine",
    "review.grade.inaccuracy": "inaccuracy",
    "review.grade.mistake": "mistake",
    "review.grade.blunder": "blunder",
    "review.option.slam.none": "no slam",
    "review.option.slam.slam": "slam",
    "review.option.slam.petit_chelem": "petit chelem",
    "review.option.no_poignee": "not shown",
    "review.option.poignee": "{level} poignée",
    "review.reason.contract_too_high": "a contract too high for the hand",
    "review.reason.contract_too_low": "a higher contract was worth more",
    "review.reason.hand_not_taken": "the hand was worth taking",
    "review.reason.petit_exposed": "the Petit put at risk",
    "review.reason.petit_not_saved": "the Petit could be saved here",
    "review.reason.points_not_fed": "points not fed to your side's trick",
    "review.reason.points_given": "points given to the other side",
    "review.reason.trump_wasted": "a trump wasted",
    "review.reason.excuse_timing": "the Excuse played at the wrong time",
    "review.progress": "Reviewing your decisions… {done}/{total}",
    "review.busy": "The coach is busy with other reviews right now: try again in a minute.",
    "review.not_seated": "You can only review your own play: you held no seat in this deal.",
    "review.not_found": "Game {id} has no finished deal {n} to review.",
    "review.in_play": "This game is still being played: review its deals once it has ended.",
    "review.challenge": (
        "The coach does not review a challenge's deals: other members play the same cards."
    ),
    "review.no_deal": "Nothing to review yet: none of your table games has ended.",
    "review.button": "Review my play",
    "review.share_button": "Share",
    "review.menu_placeholder": "Review my play in a deal of game {id}…",
    "review.menu_option": "Deal {n}",
    "review.shared": "Shared with the table.",
    "terminal.review.hint": (
        "Type {review} at the next prompt to have your decisions in this deal weighed by the coach."
    ),
    "terminal.review.none": (
        "No deal has been scored yet: {review} weighs your decisions once a deal's score sheet"
        " is shown."
    ),
    "terminal.review.stopped": "Review stopped.",
    "terminal.ask.review": (
        "The game is over. Type {review} for the coach's review of your decisions in the last"
        " deal, or press Enter to leave:"
    ),
}
