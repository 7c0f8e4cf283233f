"""Teksty po polsku. Te same klucze i te same ``{parametry}`` co w ``en.py``.

Terminy jak u polskich graczy tarota francuskiego: atuty, lewa, Wymówka, pies (chien),
biorący, obrona, rozdanie, garść (poignée), szlem, oudlery; kontrakty pozostają po
francusku (Prise, Garde, Garde sans, Garde contre), podobnie Petit au bout i misère. Liczba
mnoga zależy od liczby (1 karta, 2 karty, 5 kart): stąd formy ``{n:plural:...}``. Imię
gracza stoi zwykle po dwukropku albo jako podmiot w czasie teraźniejszym, bo jego rodzaju
i odmiany nie znamy.
"""

from __future__ import annotations

_GAMES_LOC = "one=# grze|few=# grach|many=# grach|other=# grach"
"""Po/w ... grach: 1 grze, 2 grach, 5 grach."""

MESSAGES: dict[str, str] = {
    # ----- odmowy (kody bot.tables.Refused) -----------------------------------------------
    "refused.not_playing": "Gra jeszcze się nie rozpoczęła.",
    "refused.table_exists": "Na tym kanale jest już otwarty stół.",
    "refused.bad_players": "Przy stole gra od 3 do 6 graczy, nie {players}.",
    "refused.bad_rules": "Nieprawidłowe opcje zasad: {reason}",
    "refused.bad_deals": (
        "Gra ma od 1 do {max:plural:one=# rozdania|few=# rozdań|many=# rozdań|other=# rozdania},"
        " nie {deals}."
    ),
    "refused.already_seated": "Masz już miejsce przy tym stole.",
    "refused.bad_level": "Nieznany poziom bota {level}: wybierz {levels}.",
    "refused.no_bot": "Przy tym stole nie ma bota.",
    "refused.no_bot_seat": "Na miejscu {seat} nie siedzi bot.",
    "refused.seats_empty": "Wolne miejsca: {count}. Poczekaj na graczy lub dodaj boty.",
    "refused.elsewhere": (
        "Tę grę prowadzi inna część bota, która nie "
        "odpowiedziała na czas: spróbuj ponownie za chwilę."
    ),
    "refused.unanswered": (
        "Część bota, która prowadzi tę grę, zatrzymała się, zanim odpowiedziała na twoje "
        "kliknięcie: spójrz na stół i jeśli twojego ruchu tam nie ma, wykonaj go ponownie."
    ),
    "refused.stale": "To już nieaktualne: gra poszła dalej.",
    "refused.not_your_turn": "To nie twoja kolej: teraz ruch ma {name}.",
    "refused.not_your_seat": "Ten przycisk nie jest twój: należy do innego miejsca.",
    "refused.not_away": "Nie masz statusu nieobecności.",
    "refused.bad_seat": "Nie ma miejsca {seat}.",
    "refused.not_human": "Na miejscu {seat} już siedzi bot.",
    "refused.challenge": (
        "Wyzwanie rozgrywa do końca sam jego gracz:"
        " nie można go przerwać i żaden bot nie zajmie miejsca."
    ),
    "refused.no_challenge": "Nie ma tu takiego wyzwania.",
    "refused.challenge_closed": "To wyzwanie jest zamknięte: wyniki pokaże /challenge results.",
    "refused.already_played": "To wyzwanie już rozegrałeś: jedna próba na osobę.",
    "refused.attempt_under_way": "Najpierw dokończ wyzwanie rozgrywane w wiadomościach prywatnych.",
    "refused.results_hidden": "Wyniki pozostają ukryte, dopóki nie rozegrasz tego wyzwania.",
    "refused.no_table": "Na tym kanale nie ma stołu.",
    "refused.not_lobby": "Gra już się rozpoczęła.",
    "refused.not_seated": "Nie masz miejsca przy tym stole.",
    "refused.not_host": "Tylko gospodarz może to zrobić.",
    "refused.not_host_action": "Tylko gospodarz może {action}.",
    "refused.not_host_or_moderator": (
        "Tylko gospodarz lub członek z uprawnieniem Zarządzanie kanałami tutaj może {action}."
    ),
    "refused.table_full": "Wszystkie miejsca są zajęte.",
    "refused.illegal": "Ruch odrzucony: {reason}",
    "refused.storage": "Stół nie mógł tego zapisać; spróbuj ponownie.",
    "refused.generic": "Odrzucono: {reason}",
    # ----- odmowy silnika (tarot_core.refusals: zasady, ruchy, fazy) ----------------------
    "refused.illegal.game_over": "Gra jest zakończona.",
    "refused.illegal.deal_over": "To rozdanie już się skończyło.",
    "refused.illegal.unknown_action": "Zasady nie znają takiego ruchu.",
    "refused.illegal.wrong_phase": "{action} nie jest teraz możliwe: {phase}.",
    "refused.illegal.not_your_turn": "{action} nie jest możliwe: teraz ruch ma {to_act}.",
    "refused.illegal.bid_too_low": (
        "Nie możesz zgłosić {contract}: odzywka musi być wyższa niż {highest}."
    ),
    "refused.illegal.prise_not_allowed": (
        "Przy tym stole nie gra się {contract}: najniższa odzywka to {lowest}."
    ),
    "refused.illegal.call_not_king": (
        "Nie możesz wezwać karty {card}: wzywa się króla w dowolnym kolorze."
    ),
    "refused.illegal.call_lower_rank": (
        "Nie możesz wezwać karty {card}: wolno to zrobić tylko z wszystkimi czterema"
        " kartami z rozdania: {above}."
    ),
    "refused.illegal.ecart_not_in_hand": "Nie możesz odłożyć karty {card}: nie masz jej w ręce.",
    "refused.illegal.ecart_king": "Nie możesz odłożyć karty {card}: króla nie wolno odłożyć.",
    "refused.illegal.ecart_oudler": ("Nie możesz odłożyć karty {card}: oudlera nie wolno odłożyć."),
    "refused.illegal.ecart_trump_not_needed": (
        "Nie możesz odłożyć karty {card}: atut wolno odłożyć tylko wtedy, gdy pozostałe"
        " karty nie wystarczą (masz jeszcze {cards})."
    ),
    "refused.illegal.ecart_size": (
        "Musisz odłożyć {needed:plural:one=# kartę|few=# karty|many=# kart|other=# karty},"
        " nie {count}."
    ),
    "refused.illegal.ecart_duplicate": "Karta {card} jest wśród odkładanych dwa razy.",
    "refused.illegal.after_first_card": (
        "{action} nie jest już możliwe: robi się to przed zagraniem pierwszej karty."
    ),
    "refused.illegal.poignee_already": "Garść została już pokazana.",
    "refused.illegal.poignee_size": (
        "Przy {players} graczach garść liczy dokładnie tyle kart: {sizes}; nie {count}."
    ),
    "refused.illegal.poignee_duplicate": "Karta {card} występuje w garści dwa razy.",
    "refused.illegal.poignee_not_trump": (
        "Nie możesz pokazać karty {card}: garść składa się z atutów (i Wymówki)."
    ),
    "refused.illegal.poignee_not_in_hand": (
        "Nie możesz pokazać karty {card}: nie masz jej w ręce."
    ),
    "refused.illegal.poignee_excuse": (
        "Wymówka może zastąpić atut tylko wtedy, gdy pokazujesz wszystkie swoje atuty"
        " (niepokazane: {cards})."
    ),
    "refused.illegal.misere_off": "Przy tym stole gra się bez misère.",
    "refused.illegal.misere_already": "Misère została już zgłoszona.",
    "refused.illegal.misere_hand": (
        "Nie możesz zgłosić misère: twoje karty z rozdania zawierają {cards}"
        " (nie wolno mieć atutów, Wymówki ani figur)."
    ),
    "refused.illegal.not_in_hand": "Nie możesz zagrać karty {card}: nie masz jej.",
    "refused.illegal.must_follow": (
        "Nie możesz zagrać karty {card}: musisz dołożyć do koloru {suit} (masz {cards})."
    ),
    "refused.illegal.must_overtrump": (
        "Nie możesz zagrać karty {card}: musisz przebić atutem wyższym niż {beat} (masz {cards})."
    ),
    "refused.illegal.must_trump": (
        "Nie możesz zagrać karty {card}: musisz zagrać atut (masz {cards})."
    ),
    "refused.action.bid": "Zgłoszenie: {contract}",
    "refused.action.pass": "Pasowanie",
    "refused.action.call": "Wezwanie: {card}",
    "refused.action.discard": "Odłożenie: {card}",
    "refused.action.ecart": "Odłożenie kart",
    "refused.action.slam": "Zapowiedzenie szlema",
    "refused.action.no_slam": "Zrezygnowanie ze szlema",
    "refused.action.poignee": "Pokazanie garści",
    "refused.action.misere": "Zgłoszenie misère",
    "refused.action.play": "Zagranie: {card}",
    "refused.phase.bidding": "trwa licytacja",
    "refused.phase.calling": "biorący wzywa króla",
    "refused.phase.ecart": "biorący odkłada karty",
    "refused.phase.slam": "biorący decyduje o zapowiedzi szlema",
    "refused.phase.playing": "trwa rozgrywka",
    "refused.phase.done": "rozdanie się skończyło",
    "refused.ranks.12": "rycerze",
    "refused.ranks.13": "damy",
    "refused.ranks.14": "króle",
    "refused.list_or": "{items} lub {last}",
    "refused.other_channel": "Ten przycisk należy do stołu na kanale {channel}.",
    "refused.other_channel_anon": "Ten przycisk należy do stołu na innym kanale.",
    "host_action.start": "rozpocząć grę",
    "host_action.cancel": "anulować stół",
    "host_action.replace": "zastąpić gracza",
    "host_action.stop_table": "zamknąć stół",
    "host_action.stop_game": "przerwać grę",
    # ----- interfejs ----------------------------------------------------------------------
    "ui.stale": "To już nieaktualne: gra poszła dalej.",
    "ui.dms_closed": (
        "Nie mogę wysyłać ci prywatnych wiadomości: użyj /tarot karty lub przycisku Moje karty."
    ),
    "ui.labelled": "**{label}**: {text}",
    "ui.done": "Gotowe.",
    "ui.error": "Coś poszło nie tak; spróbuj ponownie.",
    "ui.no_table_here": "Na tym kanale nie ma stołu: otwórz go poleceniem /tarot nowy.",
    "ui.table_elsewhere": "Na tym kanale jest już otwarty stół: {link}",
    # ----- kontrakty, poziomy, nazwy botów ------------------------------------------------
    "contract.pass": "Pas",
    "contract.prise": "Prise",
    "contract.garde": "Garde",
    "contract.garde_sans": "Garde sans",
    "contract.garde_contre": "Garde contre",
    "level.random": "losowy",
    "level.heuristic": "heurystyczny",
    "level.expert": "ekspert",
    "bot_name.random": "Bot losowy",
    "bot_name.heuristic": "Bot heurystyczny",
    "bot_name.expert": "Bot ekspert",
    "seat.n": "Miejsce {seat}",
    "bot_name.numbered": "{name} {seat}",
    "poignee.simple": "pojedyncza",
    "poignee.double": "podwójna",
    "poignee.triple": "potrójna",
    "status.lobby": "oczekuje na graczy",
    "status.playing": "w toku",
    "status.finished": "zakończona",
    "status.stopped": "przerwana",
    "status.cancelled": "anulowana",
    # ----- karty --------------------------------------------------------------------------
    "card.rank.1": "As",
    "card.rank.11": "Walet",
    "card.rank.12": "Rycerz",
    "card.rank.13": "Dama",
    "card.rank.14": "Król",
    "card.short.11": "W",
    "card.short.12": "R",
    "card.short.13": "D",
    "card.short.14": "K",
    "card.suit.0": "pik",
    "card.suit.1": "kier",
    "card.suit.2": "karo",
    "card.suit.3": "trefl",
    "card.suit_card": "{rank} {suit}",
    "card.trump": "Atut {n}",
    "card.petit": "Petit",
    "card.excuse": "Wymówka",
    "hand.group.0": "Piki",
    "hand.group.1": "Kiery",
    "hand.group.2": "Karo",
    "hand.group.3": "Trefle",
    "hand.group.4": "Atuty",
    "hand.group.excuse": "Wymówka",
    "hand.line": "**{group}**: {cards}",
    "hand.empty": "(brak kart)",
    # ----- stół przed grą -----------------------------------------------------------------
    "lobby.title": "Tarot: stół dla {players} graczy",
    "lobby.deals": "Rozdania: {deals}",
    "lobby.host": "Gospodarz: {name}",
    "lobby.seats": "Miejsca",
    "lobby.seat": "{seat}. {name}",
    "lobby.empty_seat": "{seat}. (wolne)",
    "lobby.host_mark": "(gospodarz)",
    "lobby.rules": "Zasady",
    "lobby.rules_default": "Zasady FFT, bez wariantów.",
    "lobby.hint": (
        "Dołącz, aby zająć miejsce; gospodarz rozpoczyna grę, gdy wszystkie miejsca są zajęte."
    ),
    "lobby.ready": "Wszystkie miejsca są zajęte: gospodarz może rozpocząć grę.",
    "lobby.closed": "Ten stół jest zamknięty (gra: {status}).",
    # ----- opcje zasad --------------------------------------------------------------------
    "rule.players": "{players:plural:one=# gracz|few=# gracze|many=# graczy|other=# gracza}",
    "rule.garde_contre_multiplier": "Garde contre liczy się ×{value}",
    "rule.prise_allowed.true": "Prise dozwolona",
    "rule.prise_allowed.false": "Bez Prise: najniższą odzywką jest Garde",
    "rule.poignee_bonus": "Premie za garść: {value}",
    "rule.misere.true": "Misère dozwolona",
    "rule.misere.false": "Bez misère",
    "rule.shuffle.full": "Karty tasowane przed każdym rozdaniem",
    "rule.shuffle.cut": "Bez tasowania: karty są zbierane i przekładane (tradycyjnie)",
    # ----- stół ---------------------------------------------------------------------------
    "table.title": "Tarot: rozdanie {n} z {m}",
    "table.title_done": "Tarot: gra {status}",
    "table.seat": "{seat}. {name}",
    "table.dealer": "rozdający",
    "table.away": "nieobecność",
    "table.host": "gospodarz",
    "table.total": "{total} pkt",
    "table.turn.bid": "Licytuje: {name} (tura rozpoczęta {since})",
    "table.turn.call": "Wzywa króla: {name} (tura rozpoczęta {since})",
    "table.turn.ecart": "Odkłada karty: {name} (tura rozpoczęta {since})",
    "table.turn.slam": "Decyduje o zapowiedzi szlema: {name} (tura rozpoczęta {since})",
    "table.turn.play": "Gra: {name} (tura rozpoczęta {since})",
    "table.turn.now": "przed chwilą",
    "table.stand_in_at": "Bot zagra w zastępstwie {when}.",
    "table.auction": "Licytacja",
    "table.bid": "{name}: {contract}",
    "table.auction_none": "nikt jeszcze nie licytował",
    "table.contract": "{name} bierze: {contract}",
    "table.contract_partner": "{name} bierze: {contract}; partner: {partner}",
    "table.called": "Wezwana karta: {card}",
    "table.slam": "Szlem zapowiedziany przez: {name}",
    "table.chien": "Pies: {cards}",
    "table.chien_hidden": "Pies: nieodkryty ({contract})",
    "table.ecart_trumps": "Atuty wśród odłożonych kart: {cards}",
    "table.poignee": "Garść ({level}, {name}): {cards}",
    "table.misere": "Misère: {name}",
    "table.petit_sec": "Petit sec ({name}): {cards}",
    "table.trick": "Lewa {n}",
    "table.trick_empty": "Lewa {n}: czeka na wyjście",
    "table.last_trick": "Ostatnia lewa (bierze: {name})",
    "table.played": "{name} {card}",
    "table.scores": "Wyniki",
    "table.score": "{name} {score}",
    "table.finished": "Gra zakończona.",
    "table.stopped": "Gra została przerwana.",
    "table.moved": "Ciąg dalszy w nowszej wiadomości poniżej ↓ {link}",
    "table.moved_deal": "Rozdanie {n} toczy się w nowszej wiadomości poniżej ↓ {link}",
    # ----- wiadomość prywatna -------------------------------------------------------------
    "dm.title": "Tarot na {channel}: rozdanie {n} z {m}, twoje miejsce: {seat}",
    "dm.hand": "Twoje karty",
    "dm.ecart": "Twoje odłożone karty: {cards}",
    "dm.contract": "Kontrakt: {contract} (biorący: {name})",
    "dm.called": "Wezwana karta: {card}",
    "dm.trick": "Bieżąca lewa: {cards}",
    "dm.waiting": "Czekamy na ruch: {name}.",
    "dm.do.bid": "Twoja kolej licytacji: {choices}.",
    "dm.do.call": "Wezwij kartę (jej posiadacz zostaje twoim ukrytym partnerem): {choices}.",
    "dm.do.ecart": (
        "Odłóż {count:plural:one=# kartę|few=# karty|many=# kart|other=# karty}"
        " (bez króli i oudlerów): {choices}."
    ),
    "dm.do.slam": "Zapowiedz szlema albo nie.",
    "dm.do.play": "Twój ruch: {choices}.",
    "dm.do.poignee": "Możesz pokazać garść: {choices}.",
    "dm.do.misere": "Możesz zgłosić misère.",
    "dm.game_over": "Gra zakończona.",
    # The DM's state (issue 14: best bid, waiting, deal result, seat replaced)
    "dm.best_bid": "Najwyższa licytacja do tej pory: {contract} ({name})",
    "dm.waiting_others": "Czekamy na pozostałych (stół pokazuje, czyj jest ruch).",
    "dm.deal_result": "{deal} Twój wynik: {score} (razem {total}).",
    "dm.replaced": "Twoje miejsce zajął bot: gra toczy się dalej bez ciebie.",
    # ----- zdarzenia (jeden wiersz na kanale) ---------------------------------------------
    "event.game_started": "Gra się zaczyna: rozdaje {name}.",
    "event.contract_made": "{name} bierze: {contract}.",
    "event.all_passed": "Wszyscy pasują: rozdanie jest nieważne, karty rozdaje następny gracz.",
    "event.king_called": "{name} wzywa: {card}.",
    "event.chien_shown": "Pies: {cards}.",
    "event.ecart_trumps": "Atuty wśród odłożonych kart: {cards}.",
    "event.slam_announced": "{name} zapowiada szlema!",
    "event.poignee_shown": "{name} pokazuje garść ({level}): {cards}.",
    "event.misere_declared": "{name} zgłasza misère.",
    "event.deal_made": "Rozdanie {n}: {name} wygrywa kontrakt ({contract}).",
    "event.deal_lost": "Rozdanie {n}: {name} przegrywa kontrakt ({contract}).",
    "event.deal_passed": "Rozdanie {n}: wszyscy spasowali.",
    "event.deal_petit_sec": "Rozdanie {n}: Petit sec, rozdanie zostaje unieważnione.",
    "event.game_finished": "Koniec gry: wygrywa {name} z wynikiem {score}.",
    "event.game_finished_tie": "Koniec gry: pierwsze miejsce dzielą {names} z wynikiem {score}.",
    "event.game_stopped.host": "Gra przerwana przez: {name}; ukończone rozdania się liczą.",
    "event.game_stopped.host_anon": "Gra została przerwana; ukończone rozdania się liczą.",
    "event.game_stopped.idle": "Gra została przerwana: zbyt długo nikt nie grał.",
    "event.lobby_closed.cancelled": "Stół został zamknięty.",
    "event.lobby_closed.expired": "Stół został zamknięty: nikt nie rozpoczął gry na czas.",
    "event.reminder": "{mention}, twoja kolej: bot zagra za ciebie {when}.",
    "event.stand_in": "{name}: nieobecność; bot ({level}) gra w zastępstwie do powrotu.",
    "event.player_back": "{name} wraca do gry.",
    "event.seat_replaced": "Miejsce gracza {name} zajmuje bot ({level}) do końca gry.",
    # ----- zapis punktacji i klasyfikacja -------------------------------------------------
    "score.title": "Rozdanie {n}: zapis punktacji",
    "score.void.passed": "Wszyscy spasowali: bez punktów, rozdaje następny gracz.",
    "score.void.petit_sec": "Petit sec: rozdanie unieważnione, rozdaje następny gracz.",
    "score.contract": "{name} bierze: {contract}.",
    "score.contract_partner": "{name} bierze: {contract}; partner: {partner}.",
    "score.contract_alone": "{name} bierze: {contract}, bez partnera.",
    "score.points": (
        "Punkty: {points}"
        " ({oudlers:plural:one=# oudler|few=# oudlery|many=# oudlerów|other=# oudlera});"
        " wymagane: {target}."
    ),
    "score.made": "Kontrakt wygrany o {diff}.",
    "score.lost": "Kontrakt przegrany o {diff}.",
    "score.base": "Podstawa: (25 + {diff}) × {multiplier} = {base}",
    "score.petit_au_bout.taker": "Petit au bout dla biorącego: {bonus}",
    "score.petit_au_bout.defence": "Petit au bout dla obrony: {bonus}",
    "score.poignee": "Garść: {bonus}",
    "score.slam.made": "Szlem zrobiony (niezapowiedziany): {bonus}",
    "score.slam.announced_made": "Szlem zapowiedziany i zrobiony: {bonus}",
    "score.slam.announced_failed": "Szlem zapowiedziany i nieudany: {bonus}",
    "score.slam.defence": "Szlem obrony: {bonus}",
    "score.misere": "Misère ({name}): {bonus}",
    "score.hand": "Wartość rozdania: {score}",
    "score.seats": "To rozdanie",
    "score.totals": "Łącznie",
    "score.line": "{name} {score}",
    "standings.title": "Klasyfikacja końcowa",
    "standings.line": "{rank}. {name} {score}",
    # ----- przyciski i listy --------------------------------------------------------------
    "button.join": "Dołącz",
    "button.leave": "Opuść stół",
    "button.add_bot": "Dodaj bota",
    "button.add_bot_level": "Dodaj bota ({level})",
    "button.remove_bot": "Usuń bota",
    "button.start": "Rozpocznij",
    "button.cancel": "Zamknij stół",
    "button.my_hand": "Moje karty",
    # Clicks (issue 14): an ephemeral hand with no move to make is refreshed in place.
    "button.refresh_hand": "Odśwież",
    "button.pass": "Pas",
    "button.slam_yes": "Zapowiedz szlema",
    "button.slam_no": "Bez szlema",
    "button.call": "Wezwij {card}",
    "button.discard": "Odłóż",
    "button.confirm_ecart": "Zatwierdź odłożenie",
    "button.poignee": "Pokaż garść ({level})",
    "button.misere": "Misère",
    "button.back": "Wracam",
    "button.stop": "Przerwij grę",
    "select.ecart": "Karty do odłożenia: {suit}",
    "select.bot_level": "Poziom bota",
    "select.poignee": "Karty do pokazania",
    # ----- polecenia (opisy najwyżej 100 znaków) ------------------------------------------
    "name.tarot.new": "nowy",
    "name.tarot.join": "dolacz",
    "name.tarot.leave": "opusc",
    "name.tarot.addbot": "dodajbota",
    "name.tarot.start": "rozpocznij",
    "name.tarot.hand": "karty",
    "name.tarot.stop": "przerwij",
    "name.tarot.rules": "zasady",
    "name.tarot.back": "wroc",
    "name.tarot.replace": "zastap",
    "name.leaderboard": "ranking",
    "name.stats": "statystyki",
    "name.history": "historia",
    "name.option.players": "gracze",
    "name.option.deals": "rozdania",
    "name.option.misere": "misere",
    "name.option.prise_allowed": "prise_dozwolona",
    "name.option.level": "poziom",
    "name.option.seat": "miejsce",
    "name.option.scope": "zakres",
    "name.option.period": "okres",
    "name.option.player": "gracz",
    "name.option.garde_contre_multiplier": "mnoznik_contre",
    "name.option.poignee_bonus": "premie_garsc",
    "name.option.shuffle": "tasowanie",
    "choice.garde_contre.6": "×6 (FFT)",
    "choice.garde_contre.8": "×8",
    "choice.poignee.fft": "20 / 30 / 40 (FFT)",
    "choice.poignee.high": "20 / 40 / 60",
    "cmd.tarot": "Graj w tarota francuskiego na tym kanale",
    "cmd.tarot.new": "Otwórz stół do tarota na tym kanale",
    "cmd.tarot.new.players": "Liczba graczy: od 3 do 6",
    "cmd.tarot.new.deals": "Liczba rozdań w grze (domyślnie: jedno na gracza)",
    "cmd.tarot.new.garde_contre_multiplier": "Mnożnik Garde contre: 6 (FFT) lub 8",
    "cmd.tarot.new.prise_allowed": "Zezwól na Prise (bez niej najniższą odzywką jest Garde)",
    "cmd.tarot.new.poignee_bonus": "Premie za garść: 20/30/40 (FFT) lub 20/40/60",
    "cmd.tarot.new.misere": "Zezwól na misère (poza zasadami FFT)",
    "cmd.tarot.new.shuffle": "Tasuj przed każdym rozdaniem albo zbieraj i przekładaj (tradycyjnie)",
    "cmd.tarot.join": "Zajmij miejsce przy stole na tym kanale",
    "cmd.tarot.leave": "Opuść stół na tym kanale przed rozpoczęciem gry",
    "cmd.tarot.addbot": "Posadź przy stole gracza komputerowego",
    "cmd.tarot.addbot.level": "Siła gry bota",
    "cmd.tarot.start": "Rozpocznij grę (gospodarz, gdy wszystkie miejsca są zajęte)",
    "cmd.tarot.hand": "Pokaż swoje karty i przyciski (widzisz je tylko ty)",
    "cmd.tarot.stop": "Przerwij grę lub zamknij stół (gospodarz)",
    "cmd.tarot.rules": "Pokaż zasady stołu na tym kanale",
    "cmd.tarot.back": "Odbierz swoje miejsce botowi, który gra za ciebie",
    "cmd.tarot.replace": "Oddaj miejsce gracza botowi do końca gry (gospodarz)",
    "cmd.tarot.replace.seat": "Numer miejsca",
    "cmd.tarot.replace.level": "Siła gry bota",
    "cmd.leaderboard": "Pokaż ranking tego serwera lub ranking globalny",
    "cmd.leaderboard.scope": "Ten serwer lub wszystkie serwery",
    "cmd.leaderboard.period": "Od początku, ten tydzień lub ten miesiąc (UTC)",
    "cmd.stats": "Pokaż statystyki gracza",
    "cmd.stats.player": "Gracz (domyślnie: ty)",
    "cmd.stats.scope": "Ten serwer lub wszystkie serwery",
    "cmd.history": "Pokaż ostatnie gry gracza",
    "cmd.history.player": "Gracz (domyślnie: ty)",
    "choice.scope.guild": "Ten serwer",
    "choice.scope.global": "Wszystkie serwery",
    "choice.period.all": "Od początku",
    "choice.period.week": "Ten tydzień",
    "choice.period.month": "Ten miesiąc",
    "choice.shuffle.full": "Tasuj",
    "choice.shuffle.cut": "Zbierz i przełóż",
    # ----- rankingi, statystyki, historia -------------------------------------------------
    "lb.title.guild": "Ranking tego serwera",
    "lb.title.global": "Ranking globalny",
    "lb.empty": (
        "Nikt nie jest jeszcze w rankingu: gracz trafia do niego po {games:plural:"
        + _GAMES_LOC
        + "}."
    ),
    "lb.line": "{rank}. {name}: ocena {rating}, {points} pkt w {games:plural:" + _GAMES_LOC + "}",
    "stats.title": "Statystyki: {name}",
    "stats.scope.guild": "na tym serwerze",
    "stats.scope.global": "na wszystkich serwerach",
    "stats.none": "{name}: brak rozegranych gier.",
    "stats.points": "Punkty",
    "stats.games": "Gry",
    "stats.deals": "Rozdania",
    "stats.average": "Średnio na rozdanie",
    "stats.taker_rate": "Wzięte rozdania",
    "stats.success_rate": "Wygrane kontrakty",
    "stats.rating": "Ocena",
    "stats.rank": "Miejsce {rank} z {ranked}",
    "stats.unranked": (
        "Jeszcze poza rankingiem: rozegrano {games} z"
        " {needed:plural:one=# gry|few=# gier|many=# gier|other=# gry}"
    ),
    "stats.none_value": "b.d.",
    "history.title": "Ostatnie gry: {name}",
    "history.empty": "{name}: brak gier.",
    "history.game": (
        "Gra {id}, {date}: {status},"
        " {deals:plural:one=# rozdanie|few=# rozdania|many=# rozdań|other=# rozdania}"
    ),
    "history.seat": "{rank}. {name} {score}",
    "history.deal": "Rozdanie {n}: {outcome}",
    "history.record": "Zapis gry {id}, rozdanie {n}",
    "lb.row": (
        "**{rank}.** {name}: ocena **{rating}** · gry {games} · rozdania {deals}"
        " · na rozdanie {average} · wzięte {taken} · wygrane {made}"
    ),
    "lb.title.period": "{board} · {period}",
    "lb.period.week": "Ten tydzień (od poniedziałku {date})",
    "lb.period.month": "Ten miesiąc ({month})",
    "lb.period.row": (
        "**{rank}.** {name}: **{points}** pkt · rozdania {deals} · na rozdanie {average}"
        " · wzięte {taken} · wygrane {made}"
    ),
    "lb.period.empty": "W tym okresie nie zakończyło się jeszcze żadne rozdanie gry przy stole.",
    "lb.period.footer": "Tylko gry przy stole (wyzwania się nie liczą), od 00:00 UTC.",
    "lb.min_games": "Gracz trafia do rankingu po {games:plural:" + _GAMES_LOC + "}.",
    "history.game_in": "**Gra {id}** · {date} · {channel} · {status} · rozdania: {deals}",
    "history.seat_unranked": "{name} {score}",
    "history.attached": "Dołączone zapisy rozdań gry {id}: {shown} z {total}.",
    "outcome.played": "rozegrane",
    "outcome.passed": "wszyscy spasowali",
    "outcome.petit_sec": "petit sec",
    # ----- the lobby's Remove and Play again, /help and /tarot rules explained (issue 14)
    "ui.table_opened": (
        "Stół otwarty: graczy: {players}, {deals:plural:one=# rozdanie|few=# "
        "rozdania|many=# rozdań|other=# rozdania}. Inni dołączają przyciskami wiadomości "
        "stołu."
    ),
    "ui.missing_permissions": (
        "W tym kanale nie da się prowadzić stołu: brakuje mi uprawnień: {names}. Osoba "
        "zarządzająca kanałem może mi je nadać w jego uprawnieniach."
    ),
    "ui.missing_permissions.threads": (
        "Albo osoba zarządzająca serwerem może wyłączyć wątki: {command}."
    ),
    "permission.view_channel": "Wyświetlanie kanału",
    "permission.send_messages": "Wysyłanie wiadomości",
    "permission.read_message_history": "Czytanie historii wiadomości",
    "permission.attach_files": "Załączanie plików",
    "permission.create_public_threads": "Tworzenie wątków publicznych",
    "permission.send_messages_in_threads": "Wysyłanie wiadomości w wątkach",
    "refused.empty_seat": "Miejsce {seat} jest już wolne.",
    "refused.host_seat": ("Gospodarz nie może usunąć własnego miejsca: Wyjdź zamyka stół."),
    "host_action.remove": "usunąć gracza",
    "button.remove_seat": "Usuń: {name}",
    "button.play_again": "Zagraj ponownie",
    # ----- spectators: Watch and its Refresh (issue 14)
    "button.watch": "Obserwuj",
    "button.refresh_watch": "Odśwież",
    "watch.header": (
        "👀 Stół taki, jaki widzą wszyscy, widoczny tylko dla Ciebie: Odśwież, aby śledzić grę."
    ),
    "watch.ended": "Ta gra jest {status}.",
    "watch.gone": "Ten stół nie jest już otwarty.",
    "name.tarot.remove": "usun",
    "cmd.tarot.remove": ("Zwolnij miejsce przy stole, bota lub gracza (tylko gospodarz)"),
    "cmd.tarot.remove.seat": "Kogo usunąć",
    "name.help": "pomoc",
    "cmd.help": "Co robi ten bot, jak otworzyć stół, polecenia",
    "help.text": (
        "**Tarot francuski** to gra w lewy na 78 kart dla 3 do 6 graczy: jeden gracz "
        "(rozgrywający) zobowiązuje się wygrać rozdanie przeciw pozostałym, z pomocą 21 atutów i "
        "Wymówki.\n\n**Otwórz stół**: `/tarot nowy` na kanale (gracze, rozdania, warianty); inni "
        "naciskają Dołącz, gospodarz dodaje boty na wolne miejsca i naciska Rozpocznij. Twoja "
        "ręka przychodzi w wiadomości prywatnej, z przyciskami tylko dla dozwolonych "
        "ruchów.\n\n**Polecenia**\n- `/tarot nowy`, `dolacz`, `opusc`, `dodajbota`, `usun`, "
        "`rozpocznij`: stół\n- `/tarot karty`: twoja ręka, tylko dla ciebie (gdy wiadomości "
        "prywatne są zamknięte)\n- `/tarot wroc`, `zastap`, `przerwij`: w trakcie gry\n- `/tarot "
        "zasady`: zasady stołu i znaczenie każdej opcji\n- `/tarot ustawienia`, `watki`: "
        "ustawienia stołów tego serwera i osobny wątek dla każdego stołu (Zarządzanie "
        "serwerem)\n- `/challenge graj`, `wyniki`: wyzwania duplikatowe, w tym wyzwanie dnia: te "
        "same karty dla każdego członka, rozgrywane samemu w wiadomościach prywatnych we własnym "
        "tempie, porównywane rozdanie po rozdaniu z parem (ekspertem na twoim miejscu) i z innymi "
        "w punktach meczowych; `/challenge utworz` otwiera wyzwanie, a kanał wyzwania dnia z "
        "`/tarot ustawienia` dostaje je codziennie (Zarządzanie serwerem)\n- `/pomoc`: ta "
        "pomoc\n- `/ranking`, `/statystyki`, `/historia`: wyniki i zapisy rozdań (`/ranking "
        "okres`: od początku, ten tydzień lub ten miesiąc)"
        "\n\n**Trener**: `/tarot ocena` (albo *Oceń moją grę* przy zapisie punktacji lub w "
        "`/historia`) waży każdą twoją decyzję z zakończonego rozdania (licytację, odłożenie "
        "kart, garść, karty) wyszukiwaniem eksperta, na podstawie tego, co było wtedy widać: "
        "najlepsza opcja, koszt w punktach i ocena od „najlepsza” do „poważny błąd”. Tylko "
        "dla ciebie; *Udostępnij* publikuje podsumowanie, bez żadnej karty. W terminalu: "
        "`ocena`."
        "\n\nPełne zasady: zobacz je poleceniem "
        "`/tarot zasady` i w `docs/rules.md` w repozytorium bota."
    ),
    "rules.title_table": "Zasady tego stołu",
    "rules.title_options": "Opcje stołu (gospodarz wybiera je przyciskiem Zasady w poczekalni)",
    "rules.explain.garde_contre_multiplier": (
        "Mnożnik Garde contre (chien idzie do obrony nieoglądany): wynik rozdania mnoży się "
        "przez 6 (FFT) lub przez 8."
    ),
    "rules.explain.prise_allowed": (
        "Prise dozwolona: czy wolno zgłosić najniższą odzywkę, Prise (×1); jeśli nie, "
        "najniższą odzywką jest Garde (×2)."
    ),
    "rules.explain.poignee_bonus": (
        "Premie za garść: premia za pokazanie garści atutów (pojedynczej, podwójnej lub "
        "potrójnej): 20/30/40 punktów (FFT) lub 20/40/60, dla strony, która wygrywa "
        "rozdanie."
    ),
    "rules.explain.misere": (
        "Misère: gracz, który nie dostał atutu, Wymówki ani figury, może ogłosić misère "
        "przed pierwszą kartą i dostaje 10 od każdego innego gracza (nie jest to zasada "
        "FFT)."
    ),
    "rules.explain.shuffle": (
        "Tasowanie: karty są tasowane przed każdym rozdaniem albo (przełożenie) zbierane i "
        "tylko przekładane, jak przy prawdziwym stole, więc kolory zostają razem."
    ),
    # A thread per table (/tarot threads)
    "thread.name": "Tarot — stół gracza {name}",
    "name.tarot.threads": "watki",
    "cmd.tarot.threads": "Osobny wątek na komunikaty każdego stołu albo komunikaty na kanale",
    "cmd.tarot.threads.state": "on: komunikaty każdej gry w jej wątku; off: na kanale",
    "name.option.state": "stan",
    "choice.threads.on": "on",
    "choice.threads.off": "off",
    "ui.threads_on": ("Od następnej gry każdy stół na tym serwerze ma własny wątek na komunikaty."),
    "ui.threads_off": "Od następnej gry komunikaty są publikowane na kanale stołu.",
    "ui.threads_manage_guild": (
        "Tylko członkowie z uprawnieniem Zarządzanie serwerem mogą zmienić to ustawienie."
    ),
    # Per-server settings (/tarot settings)
    "name.tarot.settings": "ustawienia",
    "name.tarot.review": "ocena",
    "cmd.tarot.review": "Trener ocenia twoje decyzje w zakończonym rozdaniu (widzisz to tylko ty)",
    "cmd.tarot.review.game": "Numer gry (domyślnie: twoja ostatnia zakończona gra przy stole)",
    "cmd.tarot.review.deal": "Numer rozdania w tej grze (domyślnie: ostatnie)",
    "name.option.game": "gra",
    "name.option.deal": "rozdanie",
    "cmd.tarot.settings": "Pokaż lub zmień ustawienia stołów tego serwera (Zarządzanie serwerem)",
    "cmd.tarot.settings.setting": "Ustawienie do pokazania lub zmiany",
    "cmd.tarot.settings.value": "Jego nowa wartość (puste: pokaż, co przyjmuje)",
    "cmd.tarot.settings.reset": "Przywróć domyślną wartość bota",
    "name.option.setting": "ustawienie",
    "name.option.value": "wartosc",
    "name.option.reset": "resetuj",
    "setting.threads": "Wątek dla stołu",
    "setting.language": "Język stołu",
    "setting.players": "Gracze",
    "setting.deals": "Rozdania w grze",
    "setting.misere": "Misère",
    "setting.prise_allowed": "Prise dozwolona",
    "setting.garde_contre_multiplier": "Mnożnik garde contre",
    "setting.poignee_bonus": "Premie za garść",
    "setting.reminder_after": "Przypomnienie o turze po",
    "setting.stand_in_after": "Zastępca gra po",
    "setting.challenge_channel": "Kanał wyzwania dnia",
    "setting.challenge_hour": "Godzina wyzwania dnia (UTC)",
    "setting.challenge_variants": "Warianty wyzwania dnia",
    "setting.ladder_days": "Dni liczone w drabince wyzwań",
    "setting.shuffle": "Tasowanie",
    "settings.on": "włączone",
    "settings.off": "wyłączone",
    "settings.per_player": "jedno na gracza",
    "settings.server_language": "język serwera",
    "settings.seconds": "{count:plural:one=# sekunda|few=# sekundy|many=# sekund|other=# sekundy}",
    "settings.title": "Ustawienia stołów tego serwera (nowe stoły z nich korzystają):",
    "settings.line_default": "{name}: {value} (domyślnie)",
    "settings.line_set": "{name}: **{value}** (ustawione dla tego serwera)",
    "settings.allowed": "{name} przyjmuje: {allowed}.",
    "settings.changed": "{name} to teraz {value} dla nowych stołów tego serwera.",
    "settings.was_reset": "{name} wraca do wartości domyślnej: {value}.",
    "settings.bad_value": "{name} nie może mieć wartości „{value}”: dozwolone: {allowed}.",
    # ----- house rules (issue 10): each option's values and what it means
    "rule.six_players.twelve_cards": (
        "Przy 6: grają wszyscy, po 12 kart, rozgrywający wywołuje kartę"
    ),
    "rule.six_players.dealer_sits_out": (
        "Przy 6: rozdający pauzuje, a pozostała piątka gra rozdanie na 5"
    ),
    "setting.six_players": "Sześciu graczy",
    "rules.explain.six_players": (
        "Sześciu graczy (tylko przy 6): albo grają wszyscy po 12 kart, a rozgrywający "
        "wywołuje kartę jak przy 5, albo rozdający w każdym rozdaniu pauzuje (bez kart, wynik"
        " 0), a pozostała piątka gra rozdanie na 5."
    ),
    "seat.sits_out": "pauzuje",
    "dm.sits_out": "Rozdajesz i pauzujesz w tym rozdaniu: grają pozostali.",
    "rule.petit_imprenable.true": (
        "Petit imprenable: Petit otrzymany samotnie (bez Wymówki) jest chroniony"
    ),
    "rule.petit_imprenable.false": "Bez petit imprenable (samotny Petit to petit sec)",
    "setting.petit_imprenable": "Petit imprenable",
    "rules.explain.petit_imprenable": (
        "Petit imprenable: ręka, która dostała Petita jako jedynego atuta, bez Wymówki, nie "
        "jest petit sec; tego Petita można zagrać w dowolnej chwili, nigdy nie jest "
        "wymuszony, a jeśli nie weźmie lewy, zostaje przy swojej stronie jak Wymówka."
    ),
    "table.petit_imprenable": "Chroniony Petit (petit imprenable): {name}",
    "dm.petit_imprenable": (
        "Twój Petit jest chroniony (petit imprenable): zagraj go, kiedy chcesz; jeśli nie "
        "weźmie lewy, twoja strona go zachowuje."
    ),
    "refused.illegal.passed_already": "Spasowałeś w tej licytacji: nie zabierasz już głosu.",
    "refused.illegal.no_parole_said": (
        "W drugiej rundzie mówią tylko gracze, którzy powiedzieli parole."
    ),
    "refused.illegal.parole_off": "Przy tym stole nie gra się z parole.",
    "refused.illegal.parole_first_round": "Parole mówi się tylko w pierwszej rundzie.",
    "contract.parole": "Parole",
    "rule.auction.single_round": "Jedna runda licytacji (FFT)",
    "rule.auction.open": "Licytacja otwarta: trwa, aż wszyscy poza jednym spasują",
    "rule.parole.true": "Parole dozwolone w pierwszej rundzie",
    "rule.parole.false": "Bez parole",
    "setting.auction": "Licytacja",
    "setting.parole": "Parole",
    "rules.explain.auction": (
        "Licytacja: jedna runda, każdy mówi raz (FFT); albo otwarta, trwająca, aż wszyscy "
        "gracze poza jednym spasują, więc przelicytowany gracz może licytować dalej."
    ),
    "rules.explain.parole": (
        "Parole: w pierwszej rundzie gracz może powiedzieć parole zamiast pasować lub "
        "licytować; ci, którzy je powiedzieli, mówią jeszcze raz po pierwszej rundzie (nie "
        "przy licytacji otwartej)."
    ),
    "score.rounded": (
        "Wyniki zaokrąglone do dziesiątek (5 od zera); wynik rozgrywającego daje sumę zero."
    ),
    "refused.illegal.petit_chelem_off": "Przy tym stole nie gra się małego szlema.",
    "refused.illegal.misere_kind": (
        "Przy tym stole misère ogłasza się według rodzaju: misère atutowa albo misère figur."
    ),
    "refused.action.petit_chelem": "Zapowiedź małego szlema",
    "button.petit_chelem": "Mały szlem",
    "button.misere.trumps": "Misère atutowa",
    "button.misere.faces": "Misère figur",
    "event.petit_chelem_announced": "{name} zapowiada małego szlema!",
    "event.misere_declared.trumps": "{name} ogłasza misère atutową.",
    "event.misere_declared.faces": "{name} ogłasza misère figur.",
    "table.petit_chelem": "Mały szlem zapowiedziany przez: {name}",
    "table.misere.trumps": "Misère atutowa: {name}",
    "table.misere.faces": "Misère figur: {name}",
    "score.slam.petit_announced_made": "Mały szlem zapowiedziany i zrobiony: {bonus}",
    "score.slam.petit_announced_failed": "Mały szlem zapowiedziany i przegrany: {bonus}",
    "score.slam.petit_made": "Mały szlem zrobiony (bez zapowiedzi): {bonus}",
    "misere.kind.trumps": "misère atutowa",
    "misere.kind.faces": "misère figur",
    "refused.illegal.pousse_not_allowed": "Przy tym stole nie gra się {contract}: nie ma Pousse.",
    "contract.petite": "Petite",
    "score.base_fixed": "Podstawa: {value} + {diff} = {base}",
    "rule.contracts.fft": "Kontrakty: Prise, Garde, Garde sans, Garde contre (FFT)",
    "rule.contracts.pousse": "Kontrakty z Pousse między Prise a Garde",
    "rule.contracts.fixed": (
        "Kontrakty o stałej wartości: Petite 10, Pousse 20, Garde 40, Garde sans 80, "
        "Garde contre 160"
    ),
    "rule.round_to_ten.true": "Wyniki zaokrąglane do dziesiątek",
    "rule.round_to_ten.false": "Wyniki bez zaokrąglania",
    "rule.petit_chelem.true": "Mały szlem dozwolony",
    "rule.petit_chelem.false": "Bez małego szlema",
    "rule.misere.split": "Misère atutowa i misère figur, ogłaszane osobno",
    "contract.pousse": "Pousse",
    "setting.contracts": "Kontrakty",
    "setting.round_to_ten": "Wyniki zaokrąglane do dziesiątek",
    "setting.petit_chelem": "Mały szlem",
    "rules.explain.contracts": (
        "Kontrakty: FFT (Prise, Garde, Garde sans, Garde contre); pousse (Pousse, grana jak "
        "Prise i liczona ×1, przebija Prise); albo stałe wartości, dawne liczenie, w którym "
        "Petite, Pousse, Garde, Garde sans i Garde contre są warte 10, 20, 40, 80 i 160 "
        "punktów zamiast mnożyć."
    ),
    "rules.explain.round_to_ten": (
        "Zaokrąglanie: po każdym rozdaniu każdy wynik poza wynikiem rozgrywającego jest "
        "zaokrąglany do najbliższej dziesiątki (5 w stronę od zera), a wynik rozgrywającego "
        "utrzymuje sumę rozdania równą zeru."
    ),
    "rules.explain.petit_chelem": (
        "Mały szlem: rozgrywający może zapowiedzieć małego szlema (wszystkie lewy poza "
        "najwyżej trzema): +300, jeśli się uda, −150, jeśli nie; bez zapowiedzi: +150."
    ),
    # rules menu (issue 10)
    "button.rules": "Zasady",
    "button.rules_back": "Wróć do zasad",
    "rules_menu.hint": (
        "Jesteś gospodarzem: wybierz opcję poniżej, aby ją zmienić przed rozpoczęciem gry."
    ),
    "rules_menu.pick_option": "Zmień opcję…",
    "rules_menu.pick_value": "Wybierz wartość…",
    "rules_menu.current": "Przy tym stole: {value}",
    "host_action.rules": "zmienić zasady",
    "refused.unknown_rule": "Nie ma opcji zasad {option}.",
    "refused.bad_rule_value": "{option} nie może mieć wartości {value}: dozwolone: {allowed}.",
    "refused.rule_conflict": "{option}: „{value}” nie pasuje do pozostałych zasad tego stołu.",
    # Pictures (bot/pictures): a finished deal's picture, the game's chart, /stats, /history.
    "picture.deal.seat": "Miejsce {n}",
    "picture.deal.takes": "{name}: {contract}",
    "picture.deal.called": "woła",
    "picture.deal.partner": "partner {name}",
    "picture.deal.alone": "sam",
    "picture.deal.points": "{points} pkt, potrzeba {target}",
    "picture.deal.verdict": "{points}: {outcome}",
    "picture.deal.made": "wygrany",
    "picture.deal.failed": "przegrany",
    "picture.deal.petit_au_bout": "Petit au bout: {side}",
    "picture.deal.taker_side": "biorący",
    "picture.deal.defence_side": "obrona",
    "picture.deal.passed": "Wszyscy spasowali: rozdanie nieważne",
    "picture.deal.petit_sec": "{name} miał(a) gołego Petita: rozdanie nieważne",
    "picture.deal.hands": "Rozdane karty",
    "picture.deal.chien": "Pies",
    "picture.deal.ecart": "Odłożone",
    "picture.deal.tricks": "Lewy",
    "picture.deal.sits_out": "rozdaje i nie gra",
    "picture.deal.taker": "biorący",
    "picture.deal.partner_tag": "partner",
    "picture.deal.legend_winner": "bierze lewę",
    "picture.deal.legend_leader": "wychodzi do lewy",
    "picture.deal.legend_excuse": "Wymówka, którą zachowuje jej strona",
    "picture.deal.legend_side": "strona biorącego",
    "picture.deal.legend_oudler": "oudler",
    "picture.slam.announced_made": "Szlem zapowiedziany i zrobiony",
    "picture.slam.announced_failed": "Szlem zapowiedziany i nieudany",
    "picture.slam.made": "Szlem zrobiony",
    "picture.slam.defence": "Szlem obrony",
    "picture.slam.petit_announced_made": "Mały szlem zapowiedziany i zrobiony",
    "picture.slam.petit_announced_failed": "Mały szlem zapowiedziany i przegrany",
    "picture.slam.petit_made": "Mały szlem zrobiony",
    "picture.totals_title": "Suma punktów",
    "picture.deal_axis": "Rozdanie",
    "picture.points_title": "Punkty w ostatnich grach: {games}",
    "picture.game_axis": "Gra",
    "history.picture_placeholder": "Obraz rozdania z gry {id}…",
    "history.picture_option": "Rozdanie {n}",
    "history.picture": "Gra {id}, rozdanie {n}",
    "history.picture_missing": "Gra {id} nie ma zakończonego rozdania {n}.",
    # ----- gra w terminalu (python -m bot play): teksty tylko dla terminala ------------
    "terminal.you": "Ty",
    "terminal.words.yes": "tak, t",
    "terminal.words.no": "nie, n",
    "terminal.words.help": "pomoc, ?",
    "terminal.words.score": "wynik, wyniki, punkty",
    "terminal.words.quit": "koniec, wyjdź",
    "terminal.words.review": "ocena, analiza",
    "terminal.words.slam": "szlem",
    "terminal.words.petit_chelem": "mały szlem, maly szlem, petit chelem",
    "terminal.welcome": (
        "Tarot francuski, stół dla {players} graczy: siedzisz na miejscu 1, grasz przeciwko:"
        " {names}."
    ),
    "terminal.thinking": "Boty eksperckie myślą {ms} ms nad każdą decyzją.",
    "terminal.rules": "Zasady tego stołu:",
    "terminal.notation": (
        "Karty zapisujemy tak: {cards} (król, dziesiątka, atut 21, Petit, Wymówka); wpisuj je"
        " tak albo literami: KS dla króla pik, 10H, 21, EX (S, H, D, C: piki, kiery, kara,"
        " trefle, po angielsku)."
    ),
    "terminal.commands": (
        "Przy każdym pytaniu: {help} pokazuje, co można odpowiedzieć, {score} podaje sumy"
        " punktów, {review} pokazuje ocenę twoich decyzji z ostatniego rozdania przez"
        " trenera, {quit} kończy grę."
    ),
    "terminal.deal_header": "=== Rozdanie {n} z {m} · rozdaje: {name} ===",
    "terminal.deal_header_sits_out": (
        "=== Rozdanie {n} z {m} · rozdaje: {name}, bez udziału w grze (gra pięciu pozostałych) ==="
    ),
    "terminal.your_hand": "Twoja ręka:",
    "terminal.played": "{name}: {card}",
    "terminal.partner": "Partner: {name}",
    "terminal.trick_of": "Lewa {n} z {m}",
    "terminal.trick_won": "Lewę {n} bierze: {name}.",
    "terminal.you.trick_won": "Bierzesz lewę {n}.",
    "terminal.you.contract_made": "Bierzesz: {contract}.",
    "terminal.you.king_called": "Wzywasz: {card}.",
    "terminal.you.slam_announced": "Zapowiadasz szlema!",
    "terminal.you.petit_chelem_announced": "Zapowiadasz małego szlema!",
    "terminal.you.poignee_shown": "Pokazujesz garść ({level}): {cards}.",
    "terminal.you.misere_declared": "Zgłaszasz misère.",
    "terminal.you.misere_declared.trumps": "Zgłaszasz misère atutową.",
    "terminal.you.misere_declared.faces": "Zgłaszasz misère figur.",
    "terminal.you_hold_called": (
        "Masz wezwaną kartę, {card}: grasz w parze z biorącym ({name}), a nikt o tym nie wie,"
        " dopóki jej nie zagrasz."
    ),
    "terminal.partner_revealed": (
        "Wezwana karta ({card}) została zagrana: partner biorącego ({name}) to {partner}."
    ),
    "terminal.you.partner_revealed": (
        "Wezwana karta ({card}) została zagrana: twój partner to {partner}."
    ),
    "terminal.partner_you": (
        "Wezwana karta ({card}) została zagrana: wszyscy już wiedzą, że grasz w parze z"
        " biorącym ({name})."
    ),
    "terminal.taker_alone": (
        "Wezwana karta ({card}) należy do samego biorącego: {name} gra bez partnera."
    ),
    "terminal.you.taker_alone": "Wezwana karta ({card}) jest twoja: grasz bez partnera.",
    "terminal.petit_sec": "Petit sec ma gracz {name}: {cards}.",
    "terminal.you.petit_sec": "Masz Petit sec: {cards}.",
    "terminal.deal_again": ("Nie liczy się: rozdanie {n} z {m} zostaje rozdane ponownie."),
    "terminal.you.score.contract": "Bierzesz: {contract}.",
    "terminal.you.score.contract_partner": "Bierzesz: {contract}; partner: {partner}.",
    "terminal.you.score.contract_alone": "Bierzesz: {contract}, bez partnera.",
    "terminal.score.contract_you_partner": "{name} bierze: {contract}; partner: ty.",
    "terminal.ecart": "Karty odłożone przez gracza {name}: {cards}",
    "terminal.you.ecart": "Twoje odłożone karty: {cards}",
    "terminal.chien_unseen": "Pies, nieodkryty w tym rozdaniu: {cards}",
    "terminal.you.game_finished": "Koniec gry: wygrywasz z wynikiem {score}.",
    "terminal.totals": (
        "Sumy po {count:plural:one=# rozdaniu|few=# rozdaniach|many=# rozdaniach|other=#"
        " rozdaniach} z {m}: {totals}"
    ),
    "terminal.abandoned": "Gra przerwana.",
    "terminal.not_understood": "Nie rozumiem: „{answer}”.",
    "terminal.type": "Wpisz: {accepted}.",
    "terminal.help": (
        "Tutaj możesz wpisać: {accepted}. Przy każdym pytaniu: {score} podaje sumy punktów,"
        " {review} pokazuje ocenę ostatniego rozdania przez trenera, {quit} kończy grę."
    ),
    "terminal.ask.bid": "Twoja licytacja ({choices}):",
    "terminal.ask.call": "Wezwij kartę: jej posiadacz będzie twoim partnerem ({choices}):",
    "terminal.ask.ecart": (
        "Odłóż {count:plural:one=# kartę|few=# karty|many=# kart|other=# karty} (bez króli i"
        " oudlerów):"
    ),
    "terminal.accept.ecart": (
        "{count:plural:one=# kartę|few=# karty|many=# kart|other=# karty} z ręki, oddzielone"
        " spacjami (bez króli i oudlerów; atut tylko, gdy trzeba)"
    ),
    "terminal.ask.slam": "Zapowiedzieć szlema? ({choices}):",
    "terminal.misere": "misère",
    "terminal.ask.misere": "Zgłosić {what}? ({choices}):",
    "terminal.poignee_offer": (
        "Możesz pokazać garść ({level}, kart: {count}); domyślnie pokazane będą twoje"
        " najniższe atuty: {cards}"
    ),
    "terminal.ask.poignee": "Pokazać garść? ({choices} albo karty do pokazania):",
    "terminal.accept.poignee": "{choices} albo karty do pokazania, oddzielone spacjami",
    "terminal.ask.lead": "Twoje wyjście ({choices}):",
    "terminal.ask.play": "Twoja karta ({choices}):",
    "challenge.label": "nr {id} · {day} · rozdania: {deals}, graczy: {players}",
    "challenge.label.instance": "nr {id} · wspólne · {day} · rozdania: {deals}, graczy: {players}",
    "challenge.post": (
        "**Wyzwanie nr {id}** · rozdania: {deals}, graczy: {players} · koniec {closes}\nKażdy gra "
        "tymi samymi kartami, sam przeciwko graczom komputerowym, i jest porównywany rozdanie po "
        "rozdaniu z innymi oraz z parem (ekspertem na tym samym miejscu). Jedna próba na osobę; "
        "wyniki pozostają ukryte, dopóki nie zagrasz."
    ),
    "challenge.rules": "Zasady: {rules}",
    "challenge.play": "Graj",
    "challenge.started": "Twoje wyzwanie czeka w wiadomościach prywatnych: {link}",
    "challenge.none_open": (
        "Nie ma tu otwartego wyzwania. Członek z uprawnieniem Zarządzanie serwerem otwiera je "
        "przez /challenge create."
    ),
    "challenge.no_results": "Brak wyzwań tego serwera do pokazania.",
    "challenge.mp": "{mp} punktów meczowych",
    "challenge.mp.alone": "na razie nie ma z kim porównać",
    "challenge.deal.unplayed": "nierozegrane: wynik para, {score}",
    "challenge.deal.passed": "wszyscy spasowali: {score}",
    "challenge.deal.made": "wziąłeś kontrakt {contract} i go ugrałeś: {score}",
    "challenge.deal.down": "wziąłeś kontrakt {contract} i przegrałeś: {score}",
    "challenge.deal.defended": "broniłeś się: {score}",
    "challenge.par.passed": "par spasował ({score})",
    "challenge.par.took": "par wziął kontrakt {contract}: {score}",
    "challenge.par.defended": "par się bronił: {score}",
    "challenge.deal": (
        "Rozdanie {n}: {you} ({versus} względem para; {par}). Wzięło {took} z {played}. {mp}."
    ),
    "challenge.row": "{rank}. {name}: {mp}, {versus} względem para",
    "challenge.unfinished": "(nieukończone)",
    "challenge.results.title": "**Wyzwanie nr {id}** · {day} · w klasyfikacji: {count}",
    "challenge.results.open": "Wciąż otwarte: kolejni członkowie mogą skończyć do {closes}.",
    "challenge.results.you": (
        "Ty: miejsce {rank} z {count} tutaj, {mp}, {versus} względem para ({total} pkt)."
    ),
    "challenge.results.everywhere": "Wśród graczy wszystkich serwerów: miejsce {rank} z {count}.",
    "challenge.results.nobody": "Nikt go jeszcze nie ukończył.",
    "challenge.finished": "**Wyzwanie nr {id} rozegrane.**",
    "challenge.review.placeholder": "Przejrzyj rozdanie…",
    "challenge.review.option": "Rozdanie {n}",
    "challenge.review.title": "**Wyzwanie nr {id}, rozdanie {n}**",
    "challenge.review.you": "{you} ({versus} względem para; {mp}).",
    "challenge.review.absent": "Nie grałeś w tym wyzwaniu.",
    "challenge.review.par.made": "Par wziął kontrakt {contract} i go ugrał: {score}.",
    "challenge.review.par.down": "Par wziął kontrakt {contract} i przegrał: {score}.",
    "challenge.review.par.defended": "Par się bronił ({taker} wziął kontrakt {contract}): {score}.",
    "challenge.review.par.passed": "Z parem wszyscy spasowali: {score}.",
    "challenge.review.field": (
        "W klasyfikacji: {played:plural:one=# członek je rozegrał|few=# członków je rozegrało"
        "|many=# członków je rozegrało|other=# członka je rozegrało}; wzięło {took}, ugrało"
        " {made}. Najlepszy {best}, mediana {median}, najgorszy {worst}."
    ),
    "challenge.review.field.nobody": "Nikt w klasyfikacji jeszcze go nie rozegrał.",
    "challenge.review.par_name": "Par",
    "cmd.challenge": "Wyzwania duplikatowe: te same rozdania dla wszystkich, we własnym tempie",
    "name.challenge.create": "utworz",
    "name.challenge.play": "graj",
    "name.challenge.results": "wyniki",
    "name.challenge.ladder": "drabinka",
    "name.option.month": "miesiac",
    "cmd.challenge.ladder": "Miesięczna drabinka wyzwań dnia",
    "cmd.challenge.ladder.month": "Który miesiąc, jako RRRR-MM (domyślnie: bieżący, UTC)",
    "challenge.streak": "Seria: {count:plural:one=# dzień|few=# dni|many=# dni|other=# dnia}",
    "challenge.ladder.title": "**Drabinka wyzwań dnia · {month}** · najlepsze dni każdego: {best}",
    "challenge.ladder.row": (
        "{rank}. {name}: {total} · {days:plural:one=# dzień|few=# dni|many=# dni|other=# dnia}"
    ),
    "challenge.ladder.empty": "Nikt nie zagrał wyzwania dnia tego serwera w miesiącu {month}.",
    "challenge.ladder.you": (
        "Ty: miejsce {rank} z {count}, {total}"
        " · {days:plural:one=# dzień|few=# dni|many=# dni|other=# dnia}."
    ),
    "challenge.ladder.everywhere": (
        "Drabinka wszystkich serwerów (najlepsze dni: {best}): miejsce {rank} z {count},"
        " {total} · {days:plural:one=# dzień|few=# dni|many=# dni|other=# dnia}."
    ),
    "challenge.ladder.bad_month": "Miesiąc zapisuje się jako RRRR-MM, na przykład {example}.",
    "name.option.challenge": "wyzwanie",
    "cmd.challenge.create": "Otwórz wyzwanie dla członków tego serwera (Zarządzanie serwerem)",
    "cmd.challenge.create.deals": "Liczba rozdań (domyślnie 4)",
    "cmd.challenge.create.players": "Graczy przy stole: od 3 do 6 (domyślnie 4)",
    "cmd.challenge.play": "Zagraj wyzwanie, sam, w wiadomościach prywatnych",
    "cmd.challenge.which": "Które wyzwanie (domyślnie: ostatnie otwarte)",
    "cmd.challenge.results": "Wyniki wyzwania (gdy już je rozegrasz)",
    "challenge.daily": "🗓️ **Wyzwanie dnia**",
    "challenge.daily.everyone": (
        "Dziś także wyzwanie graczy wszystkich serwerów: nr {id}, w /challenge play."
    ),
    "challenge.final.title": (
        "**Ostateczne wyniki wyzwania nr {id}** ({day}, w klasyfikacji: {count})"
    ),
    "challenge.intro": (
        "**Wyzwanie nr {id}**: twój stół i twoja ręka pojawią się poniżej. Graj we własnym "
        "tempie; nikt nie zagra za ciebie."
    ),
    "name.option.rules": "zasady",
    "name.option.variants": "warianty",
    "cmd.challenge.create.rules": (
        "Inne opcje zasad, jako nazwa=wartość (contracts=pousse round_to_ten=on)"
    ),
    "cmd.challenge.create.variants": (
        "Każde rozdanie w tylu wariantach, gracze porównywani w obrębie swojego (1–10)"
    ),
    "dm.title_challenge": "Wyzwanie nr {id}: rozdanie {n} z {m}, siedzisz na miejscu {seat}",
    # ----- trener (bot/render/review.py) ---------------------------------------------------
    "review.title": "**Twoje decyzje pod lupą · gra {id}, rozdanie {n}** ({seat})",
    "review.title.deal": "**Twoje decyzje pod lupą · rozdanie {n}** ({seat})",
    "review.share.title": "**Trener ocenia grę: {name} · gra {id}, rozdanie {n}**",
    "review.share.title.deal": "**Trener ocenia grę: {name} · rozdanie {n}**",
    "review.no_decision": "W tym rozdaniu nie było decyzji do oceny: każdy ruch był wymuszony.",
    "review.counts": "Decyzje: {counts}",
    "review.count.best": (
        "{count:plural:one=# najlepsza|few=# najlepsze|many=# najlepszych|other=# najlepszej}"
    ),
    "review.count.fine": "{count:plural:one=# dobra|few=# dobre|many=# dobrych|other=# dobrej}",
    "review.count.inaccuracy": (
        "{count:plural:one=# niedokładność|few=# niedokładności|many=# niedokładności"
        "|other=# niedokładności}"
    ),
    "review.count.mistake": "{count:plural:one=# błąd|few=# błędy|many=# błędów|other=# błędu}",
    "review.count.blunder": (
        "{count:plural:one=# poważny błąd|few=# poważne błędy|many=# poważnych błędów"
        "|other=# poważnego błędu}"
    ),
    "review.clean": (
        "Brak błędów: każda decyzja była najlepsza albo równie dobra w granicach niepewności oceny."
    ),
    "review.cost": "Koszt błędów: {points}",
    "review.points": "{points:plural:one=# punkt|few=# punkty|many=# punktów|other=# punktu}",
    "review.key.title": "Kluczowe momenty:",
    "review.key": "- {kind}: {grade}, koszt {points}",
    "review.key.reason": "- {kind}: {grade}, koszt {points} — {reason}",
    "review.line.best": "{kind}: {chosen} · {grade}",
    "review.line": "{kind}: {chosen} (najlepsza: {best}; koszt {points}) · {grade}",
    "review.line.nocost": "{kind}: {chosen} (najlepsza: {best}) · {grade}",
    "review.quiet": (
        "Pominięte: {count:plural:one=# decyzja najlepsza lub dobra|few=# decyzje najlepsze lub "
        "dobre|many=# decyzji najlepszych lub dobrych|other=# decyzji najlepszych lub dobrych}."
    ),
    "review.note": (
        "Ekspert ocenia każdą decyzję na podstawie tego, co było wtedy widać z twojego "
        "miejsca. Koszty są w punktach twojego wyniku, ± błąd standardowy oceny; wskazany jest "
        "tylko koszt, którego ocena jest pewna."
    ),
    "review.margin": "{points} ± {error}",
    "review.kind.bid": "Licytacja",
    "review.kind.call": "Wezwanie",
    "review.kind.ecart": "Odłożenie kart",
    "review.kind.slam": "Szlem",
    "review.kind.poignee": "Garść",
    "review.kind.play": "Lewa {trick}",
    "review.grade.best": "najlepsza",
    "review.grade.fine": "dobra",
    "review.grade.inaccuracy": "niedokładność",
    "review.grade.mistake": "błąd",
    "review.grade.blunder": "poważny błąd",
    "review.option.slam.none": "bez szlema",
    "review.option.slam.slam": "szlem",
    "review.option.slam.petit_chelem": "mały szlem",
    "review.option.no_poignee": "niepokazana",
    "review.option.poignee": "{level} garść",
    "review.reason.contract_too_high": "kontrakt za wysoki na te karty",
    "review.reason.contract_too_low": "wyższy kontrakt był wart więcej",
    "review.reason.hand_not_taken": "z tymi kartami warto było brać",
    "review.reason.petit_exposed": "Petit narażony na stratę",
    "review.reason.petit_not_saved": "tu można było uratować Petita",
    "review.reason.points_not_fed": "punkty niedołożone do lewy twojej strony",
    "review.reason.points_given": "punkty oddane przeciwnikom",
    "review.reason.trump_wasted": "zmarnowany atut",
    "review.reason.excuse_timing": "Wymówka zagrana w złym momencie",
    "review.progress": "Analiza twoich decyzji… {done}/{total}",
    "review.busy": "Trener jest zajęty innymi analizami: spróbuj ponownie za minutę.",
    "review.not_seated": "Możesz ocenić tylko własną grę: w tym rozdaniu nie było cię przy stole.",
    "review.not_found": "Gra {id} nie ma zakończonego rozdania {n} do oceny.",
    "review.in_play": "Ta gra wciąż trwa: jej rozdania można ocenić po jej zakończeniu.",
    "review.challenge": (
        "Trener nie ocenia rozdań wyzwania: inni członkowie grają tymi samymi kartami."
    ),
    "review.no_deal": (
        "Na razie nie ma czego oceniać: żadna z twoich gier przy stole się nie zakończyła."
    ),
    "review.button": "Oceń moją grę",
    "review.share_button": "Udostępnij",
    "review.menu_placeholder": "Oceń moją grę w rozdaniu gry {id}…",
    "review.menu_option": "Rozdanie {n}",
    "review.shared": "Udostępniono przy stole.",
    "terminal.review.hint": (
        "Wpisz {review} przy następnym pytaniu, a trener oceni twoje decyzje z tego rozdania."
    ),
    "terminal.review.none": (
        "Żadne rozdanie nie zostało jeszcze policzone: {review} ocenia twoje decyzje, gdy"
        " pojawi się zapis punktacji rozdania."
    ),
    "terminal.review.stopped": "Ocena przerwana.",
    "terminal.ask.review": (
        "Gra skończona. Wpisz {review}, a trener oceni twoje decyzje z ostatniego rozdania,"
        " albo naciśnij Enter, aby wyjść:"
    ),
}
