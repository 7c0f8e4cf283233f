"""Textes en français. Mêmes clés et mêmes ``{paramètres}`` que ``en.py``."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # ----- refus (codes de bot.tables.Refused) --------------------------------------------
    "refused.not_playing": "La partie n'a pas encore commencé.",
    "refused.table_exists": "Une table est déjà ouverte dans ce salon.",
    "refused.bad_players": "Une table compte de 3 à 6 joueurs, pas {players}.",
    "refused.bad_rules": "Options de règles invalides : {reason}",
    "refused.bad_deals": "Une partie compte de 1 à {max} donnes, pas {deals}.",
    "refused.already_seated": "Vous êtes déjà assis à cette table.",
    "refused.bad_level": "Niveau de bot inconnu {level} : choisissez {levels}.",
    "refused.no_bot": "Il n'y a pas de bot à cette table.",
    "refused.no_bot_seat": "La place {seat} n'est pas un bot.",
    "refused.seats_empty": (
        "Places encore libres : {count}. Attendez des joueurs ou ajoutez des bots."
    ),
    "refused.elsewhere": (
        "Cette table est tenue par une autre partie du bot, qui n'a pas "
        "répondu à temps : réessayez dans un instant."
    ),
    "refused.unanswered": (
        "La partie du bot qui tient cette table s'est arrêtée avant de répondre à votre "
        "clic : regardez la table, et si votre coup n'y est pas, rejouez-le."
    ),
    "refused.stale": "Ce n'est plus d'actualité : la table a avancé.",
    "refused.not_your_turn": "Ce n'est pas votre tour : c'est à {name}.",
    "refused.not_your_seat": (
        "Cette commande n'est pas la vôtre : elle appartient à une autre place."
    ),
    "refused.not_away": "Vous n'êtes pas marqué absent.",
    "refused.bad_seat": "Il n'y a pas de place {seat}.",
    "refused.not_human": "La place {seat} est déjà tenue par un bot.",
    "refused.challenge": (
        "Un défi se joue jusqu'au bout par son joueur seul :"
        " il ne peut pas être arrêté, et aucun bot ne prend la place."
    ),
    "refused.no_challenge": "Il n'y a pas de tel défi ici.",
    "refused.challenge_closed": "Ce défi est clos : voyez ses résultats avec /challenge results.",
    "refused.already_played": "Vous avez déjà joué ce défi : une seule tentative chacun.",
    "refused.attempt_under_way": "Terminez d'abord le défi que vous jouez dans vos messages.",
    "refused.results_hidden": "Les résultats restent cachés tant que vous n'avez pas joué ce défi.",
    "refused.no_table": "Il n'y a pas de table dans ce salon.",
    "refused.not_lobby": "La partie a déjà commencé.",
    "refused.not_seated": "Vous n'êtes pas assis à cette table.",
    "refused.not_host": "Seul l'hôte peut faire cela.",
    "refused.not_host_action": "Seul l'hôte peut {action}.",
    "refused.not_host_or_moderator": (
        "Seul l'hôte, ou un membre qui a ici la permission Gérer les salons, peut {action}."
    ),
    "refused.table_full": "Toutes les places sont prises.",
    "refused.illegal": "Coup refusé : {reason}",
    "refused.storage": "La table n'a pas pu l'enregistrer ; réessayez.",
    "refused.generic": "Refusé : {reason}",
    # ----- refus du moteur (tarot_core.refusals : règles, actions, phases) ---------------
    "refused.illegal.game_over": "La partie est terminée.",
    "refused.illegal.deal_over": "Cette donne est terminée.",
    "refused.illegal.unknown_action": "Les règles ne connaissent pas ce coup.",
    "refused.illegal.wrong_phase": "{action} n'est pas possible maintenant : {phase}.",
    "refused.illegal.not_your_turn": "{action} n'est pas possible : c'est à {to_act} de jouer.",
    "refused.illegal.bid_too_low": (
        "Impossible d'annoncer {contract} : une enchère doit être plus haute que {highest}."
    ),
    "refused.illegal.prise_not_allowed": (
        "Pas de {contract} à cette table : l'enchère la plus basse est {lowest}."
    ),
    "refused.illegal.call_not_king": (
        "Impossible d'appeler {card} : on appelle un roi, de n'importe quelle couleur."
    ),
    "refused.illegal.call_lower_rank": (
        "Impossible d'appeler {card} : il faut pour cela avoir reçu les quatre {above}."
    ),
    "refused.illegal.ecart_not_in_hand": (
        "Impossible d'écarter {card} : cette carte n'est pas dans votre main."
    ),
    "refused.illegal.ecart_king": "Impossible d'écarter {card} : un roi ne va pas à l'écart.",
    "refused.illegal.ecart_oudler": "Impossible d'écarter {card} : un bout ne va pas à l'écart.",
    "refused.illegal.ecart_trump_not_needed": (
        "Impossible d'écarter {card} : un atout ne va à l'écart que si vos autres cartes"
        " ne suffisent pas (il vous reste {cards})."
    ),
    "refused.illegal.ecart_size": "L'écart doit compter {needed} cartes, pas {count}.",
    "refused.illegal.ecart_duplicate": "L'écart nomme deux fois {card}.",
    "refused.illegal.after_first_card": (
        "{action} n'est plus possible : cela se fait avant de jouer sa première carte."
    ),
    "refused.illegal.poignee_already": "Vous avez déjà montré une poignée.",
    "refused.illegal.poignee_size": (
        "Une poignée montre exactement {sizes} cartes à {players} joueurs, pas {count}."
    ),
    "refused.illegal.poignee_duplicate": "La poignée nomme deux fois {card}.",
    "refused.illegal.poignee_not_trump": (
        "Impossible de montrer {card} : une poignée se compose d'atouts (et de l'Excuse)."
    ),
    "refused.illegal.poignee_not_in_hand": (
        "Impossible de montrer {card} : cette carte n'est pas dans votre main."
    ),
    "refused.illegal.poignee_excuse": (
        "L'Excuse ne peut remplacer un atout que si vous montrez tous vos atouts"
        " (non montrés : {cards})."
    ),
    "refused.illegal.misere_off": "Cette table joue sans misère.",
    "refused.illegal.misere_already": "Vous avez déjà déclaré une misère.",
    "refused.illegal.misere_hand": (
        "Impossible de déclarer une misère : votre main de départ contient {cards}"
        " (ni atout, ni Excuse, ni figure)."
    ),
    "refused.illegal.not_in_hand": "Impossible de jouer {card} : vous ne l'avez pas.",
    "refused.illegal.must_follow": (
        "Impossible de jouer {card} : vous devez fournir à {suit} (vous avez {cards})."
    ),
    "refused.illegal.must_overtrump": (
        "Impossible de jouer {card} : vous devez jouer un atout plus fort que {beat}"
        " (vous avez {cards})."
    ),
    "refused.illegal.must_trump": (
        "Impossible de jouer {card} : vous devez jouer un atout (vous avez {cards})."
    ),
    "refused.action.bid": "Annoncer {contract}",
    "refused.action.pass": "Passer",
    "refused.action.call": "Appeler {card}",
    "refused.action.discard": "Écarter {card}",
    "refused.action.ecart": "Faire l'écart",
    "refused.action.slam": "Annoncer un chelem",
    "refused.action.no_slam": "Renoncer au chelem",
    "refused.action.poignee": "Montrer une poignée",
    "refused.action.misere": "Déclarer une misère",
    "refused.action.play": "Jouer {card}",
    "refused.phase.bidding": "les enchères sont en cours",
    "refused.phase.calling": "le preneur appelle un roi",
    "refused.phase.ecart": "le preneur fait son écart",
    "refused.phase.slam": "le preneur décide d'annoncer un chelem ou non",
    "refused.phase.playing": "la donne se joue",
    "refused.phase.done": "la donne est terminée",
    "refused.ranks.12": "cavaliers",
    "refused.ranks.13": "dames",
    "refused.ranks.14": "rois",
    "refused.list_or": "{items} ou {last}",
    "refused.other_channel": "Cette commande appartient à la table de {channel}.",
    "refused.other_channel_anon": "Cette commande appartient à une table d'un autre salon.",
    "host_action.start": "lancer la partie",
    "host_action.cancel": "annuler la table",
    "host_action.replace": "remplacer un joueur",
    "host_action.stop_table": "fermer la table",
    "host_action.stop_game": "arrêter la partie",
    # ----- interface générale -------------------------------------------------------------
    "ui.stale": "Ce n'est plus d'actualité : la table a avancé.",
    "ui.dms_closed": (
        "Je ne peux pas vous envoyer de messages privés : utilisez /tarot hand"
        " ou le bouton Ma main."
    ),
    "ui.labelled": "**{label}** : {text}",
    "ui.done": "C'est fait.",
    "ui.error": "Un problème est survenu ; réessayez.",
    "ui.no_table_here": "Il n'y a pas de table dans ce salon : ouvrez-en une avec /tarot new.",
    "ui.table_elsewhere": "Une table est déjà ouverte dans ce salon : {link}",
    # ----- contrats, niveaux, noms des bots -----------------------------------------------
    "contract.pass": "Passe",
    "contract.prise": "Prise",
    "contract.garde": "Garde",
    "contract.garde_sans": "Garde sans",
    "contract.garde_contre": "Garde contre",
    "level.random": "aléatoire",
    "level.heuristic": "heuristique",
    "level.expert": "expert",
    "bot_name.random": "Bot aléatoire",
    "bot_name.heuristic": "Bot heuristique",
    "bot_name.expert": "Bot expert",
    "seat.n": "Place {seat}",
    "bot_name.numbered": "{name} {seat}",
    "poignee.simple": "simple",
    "poignee.double": "double",
    "poignee.triple": "triple",
    "status.lobby": "en attente de joueurs",
    "status.playing": "en cours",
    "status.finished": "terminée",
    "status.stopped": "arrêtée",
    "status.cancelled": "annulée",
    # ----- cartes -------------------------------------------------------------------------
    "card.rank.1": "As",
    "card.rank.11": "Valet",
    "card.rank.12": "Cavalier",
    "card.rank.13": "Dame",
    "card.rank.14": "Roi",
    "card.short.11": "V",
    "card.short.12": "C",
    "card.short.13": "D",
    "card.short.14": "R",
    "card.suit.0": "pique",
    "card.suit.1": "cœur",
    "card.suit.2": "carreau",
    "card.suit.3": "trèfle",
    "card.suit_card": "{rank} de {suit}",
    "card.trump": "Atout {n}",
    "card.petit": "le Petit",
    "card.excuse": "l'Excuse",
    "hand.group.0": "Pique",
    "hand.group.1": "Cœur",
    "hand.group.2": "Carreau",
    "hand.group.3": "Trèfle",
    "hand.group.4": "Atouts",
    "hand.group.excuse": "Excuse",
    "hand.line": "**{group}** : {cards}",
    "hand.empty": "(aucune carte)",
    # ----- la table d'attente -------------------------------------------------------------
    "lobby.title": "Tarot : une table à {players}",
    "lobby.deals": "Donnes : {deals}",
    "lobby.host": "Hôte : {name}",
    "lobby.seats": "Places",
    "lobby.seat": "{seat}. {name}",
    "lobby.empty_seat": "{seat}. (libre)",
    "lobby.host_mark": "(hôte)",
    "lobby.rules": "Règles",
    "lobby.rules_default": "Règles FFT, sans variante.",
    "lobby.hint": "Rejoignez pour prendre une place ; l'hôte lance la partie quand tout est pris.",
    "lobby.ready": "Toutes les places sont prises : l'hôte peut lancer la partie.",
    "lobby.closed": "Cette table est fermée ({status}).",
    # ----- options de règles --------------------------------------------------------------
    "rule.players": "{players} joueurs",
    "rule.garde_contre_multiplier": "La garde contre compte ×{value}",
    "rule.prise_allowed.true": "Prise autorisée",
    "rule.prise_allowed.false": "Pas de prise : la garde est l'enchère la plus basse",
    "rule.poignee_bonus": "Primes de poignée : {value}",
    "rule.misere.true": "Misère autorisée",
    "rule.misere.false": "Pas de misère",
    "rule.shuffle.full": "Cartes mélangées avant chaque donne",
    "rule.shuffle.cut": "Sans mélange : les cartes sont ramassées et coupées (traditionnel)",
    # ----- la table publique --------------------------------------------------------------
    "table.title": "Tarot : donne {n} sur {m}",
    "table.title_done": "Tarot : partie {status}",
    "table.seat": "{seat}. {name}",
    "table.dealer": "donneur",
    "table.away": "absent",
    "table.host": "hôte",
    "table.total": "{total} pts",
    "table.turn.bid": "À {name} d'enchérir (tour commencé {since})",
    "table.turn.call": "À {name} d'appeler un roi (tour commencé {since})",
    "table.turn.ecart": "À {name} de faire l'écart (tour commencé {since})",
    "table.turn.slam": "À {name} d'annoncer un chelem ou non (tour commencé {since})",
    "table.turn.play": "À {name} de jouer (tour commencé {since})",
    "table.turn.now": "à l'instant",
    "table.stand_in_at": "Un bot jouera à sa place {when}.",
    "table.auction": "Enchères",
    "table.bid": "{name} : {contract}",
    "table.auction_none": "personne n'a encore parlé",
    "table.contract": "{name} prend : {contract}",
    "table.contract_partner": "{name} prend : {contract}, avec {partner}",
    "table.called": "Carte appelée : {card}",
    "table.slam": "Chelem annoncé par {name}",
    "table.chien": "Chien : {cards}",
    "table.chien_hidden": "Chien : non retourné ({contract})",
    "table.ecart_trumps": "Atouts à l'écart : {cards}",
    "table.poignee": "Poignée {level} ({name}) : {cards}",
    "table.misere": "Misère : {name}",
    "table.petit_sec": "Petit sec ({name}) : {cards}",
    "table.trick": "Pli {n}",
    "table.trick_empty": "Pli {n} : en attente de l'entame",
    "table.last_trick": "Dernier pli (remporté par {name})",
    "table.played": "{name} {card}",
    "table.scores": "Scores",
    "table.score": "{name} {score}",
    "table.finished": "La partie est terminée.",
    "table.stopped": "La partie a été arrêtée.",
    "table.moved": "La suite est dans un message plus récent, plus bas ↓ {link}",
    "table.moved_deal": "La donne {n} se joue dans un message plus récent, plus bas ↓ {link}",
    # ----- le message privé ---------------------------------------------------------------
    "dm.title": "Tarot dans {channel} : donne {n} sur {m}, vous êtes à la place {seat}",
    "dm.hand": "Votre main",
    "dm.ecart": "Votre écart : {cards}",
    "dm.contract": "Contrat : {contract} (preneur : {name})",
    "dm.called": "Carte appelée : {card}",
    "dm.trick": "Pli en cours : {cards}",
    "dm.waiting": "On attend {name}.",
    "dm.do.bid": "À vous d'enchérir : {choices}.",
    "dm.do.call": "Appelez une carte (son détenteur est votre partenaire secret) : {choices}.",
    "dm.do.ecart": (
        "Écartez {count:plural:one=# carte|other=# cartes} (ni roi, ni bout) : {choices}."
    ),
    "dm.do.slam": "Annoncez un chelem, ou non.",
    "dm.do.play": "À vous de jouer : {choices}.",
    "dm.do.poignee": "Vous pouvez montrer une poignée : {choices}.",
    "dm.do.misere": "Vous pouvez déclarer une misère.",
    "dm.game_over": "La partie est terminée.",
    # The DM's state (issue 14: best bid, waiting, deal result, seat replaced)
    "dm.best_bid": "Enchère la plus haute pour l'instant : {contract} ({name})",
    "dm.waiting_others": "On attend les autres (la table indique qui doit jouer).",
    "dm.deal_result": "{deal} Votre score : {score} (total {total}).",
    "dm.replaced": "Votre place a été donnée à un robot : la partie continue sans vous.",
    # ----- événements (une ligne dans le salon) -------------------------------------------
    "event.game_started": "La partie commence : {name} donne.",
    "event.contract_made": "{name} prend : {contract}.",
    "event.all_passed": "Tout le monde passe : la donne est nulle, on redonne.",
    "event.king_called": "{name} appelle {card}.",
    "event.chien_shown": "Le chien : {cards}.",
    "event.ecart_trumps": "Atouts à l'écart : {cards}.",
    "event.slam_announced": "{name} annonce un chelem !",
    "event.poignee_shown": "{name} montre une poignée {level} : {cards}.",
    "event.misere_declared": "{name} déclare une misère.",
    "event.deal_made": "Donne {n} : {name} réussit sa {contract}.",
    "event.deal_lost": "Donne {n} : {name} perd sa {contract}.",
    "event.deal_passed": "Donne {n} : tout le monde a passé.",
    "event.deal_petit_sec": "Donne {n} : petit sec, la donne est annulée.",
    "event.game_finished": "La partie est terminée : {name} gagne avec {score}.",
    "event.game_finished_tie": (
        "La partie est terminée : {names} partagent la première place avec {score}."
    ),
    "event.game_stopped.host": "La partie a été arrêtée par {name} ; ses donnes finies comptent.",
    "event.game_stopped.host_anon": "La partie a été arrêtée ; ses donnes finies comptent.",
    "event.game_stopped.idle": "La partie a été arrêtée : personne n'a joué depuis trop longtemps.",
    "event.lobby_closed.cancelled": "La table a été fermée.",
    "event.lobby_closed.expired": "La table a été fermée : personne ne l'a lancée à temps.",
    "event.reminder": "{mention}, c'est à vous : un bot jouera à votre place {when}.",
    "event.stand_in": "{name} est absent : un bot {level} joue à sa place jusqu'à son retour.",
    "event.player_back": "{name} est de retour.",
    "event.seat_replaced": "{name} est remplacé par un bot {level} jusqu'à la fin de la partie.",
    # ----- feuille de marque et classement ------------------------------------------------
    "score.title": "Donne {n} : feuille de marque",
    "score.void.passed": "Tout le monde a passé : pas de score, le donneur suivant donne.",
    "score.void.petit_sec": "Petit sec : la donne est annulée, le donneur suivant donne.",
    "score.contract": "{name} a pris une {contract}.",
    "score.contract_partner": "{name} a pris une {contract}, avec {partner} comme partenaire.",
    "score.contract_alone": "{name} a pris une {contract} et a joué seul.",
    "score.points": (
        "Points : {points} avec {oudlers:plural:one=# bout|other=# bouts} ; il en fallait {target}."
    ),
    "score.made": "Réussi de {diff}.",
    "score.lost": "Chuté de {diff}.",
    "score.base": "Base : (25 + {diff}) × {multiplier} = {base}",
    "score.petit_au_bout.taker": "Petit au bout pour le preneur : {bonus}",
    "score.petit_au_bout.defence": "Petit au bout pour la défense : {bonus}",
    "score.poignee": "Poignée : {bonus}",
    "score.slam.made": "Chelem réussi (non annoncé) : {bonus}",
    "score.slam.announced_made": "Chelem annoncé et réussi : {bonus}",
    "score.slam.announced_failed": "Chelem annoncé et chuté : {bonus}",
    "score.slam.defence": "Chelem de la défense : {bonus}",
    "score.misere": "Misère ({name}) : {bonus}",
    "score.hand": "Valeur de la donne : {score}",
    "score.seats": "Cette donne",
    "score.totals": "Totaux",
    "score.line": "{name} {score}",
    "standings.title": "Classement final",
    "standings.line": "{rank}. {name} {score}",
    # ----- boutons et menus ---------------------------------------------------------------
    "button.join": "Rejoindre",
    "button.leave": "Quitter",
    "button.add_bot": "Ajouter un bot",
    "button.add_bot_level": "Ajouter un bot {level}",
    "button.remove_bot": "Retirer un bot",
    "button.start": "Lancer",
    "button.cancel": "Fermer la table",
    "button.my_hand": "Ma main",
    # Clicks (issue 14): an ephemeral hand with no move to make is refreshed in place.
    "button.refresh_hand": "Actualiser",
    "button.pass": "Passe",
    "button.slam_yes": "Annoncer un chelem",
    "button.slam_no": "Pas de chelem",
    "button.call": "Appeler {card}",
    "button.discard": "Écarter",
    "button.confirm_ecart": "Valider l'écart",
    "button.poignee": "Montrer une poignée ({level})",
    "button.misere": "Misère",
    "button.back": "Je suis de retour",
    "button.stop": "Arrêter la partie",
    "select.ecart": "Cartes à écarter : {suit}",
    "select.bot_level": "Niveau du bot",
    "select.poignee": "Cartes à montrer",
    # ----- commandes (descriptions de 100 caractères au plus) -----------------------------
    "name.tarot.new": "nouvelle",
    "name.tarot.join": "rejoindre",
    "name.tarot.leave": "quitter",
    "name.tarot.addbot": "ajouterbot",
    "name.tarot.start": "commencer",
    "name.tarot.hand": "main",
    "name.tarot.stop": "arreter",
    "name.tarot.rules": "regles",
    "name.tarot.back": "retour",
    "name.tarot.replace": "remplacer",
    "name.leaderboard": "classement",
    "name.stats": "statistiques",
    "name.history": "historique",
    "name.option.players": "joueurs",
    "name.option.deals": "donnes",
    "name.option.misere": "misere",
    "name.option.prise_allowed": "prise_permise",
    "name.option.level": "niveau",
    "name.option.seat": "siege",
    "name.option.scope": "portee",
    "name.option.period": "periode",
    "name.option.player": "joueur",
    "name.option.garde_contre_multiplier": "multiplicateur_contre",
    "name.option.poignee_bonus": "primes_poignee",
    "name.option.shuffle": "melange",
    "choice.garde_contre.6": "×6 (FFT)",
    "choice.garde_contre.8": "×8",
    "choice.poignee.fft": "20 / 30 / 40 (FFT)",
    "choice.poignee.high": "20 / 40 / 60",
    "cmd.tarot": "Jouer au tarot dans ce salon",
    "cmd.tarot.new": "Ouvrir une table de tarot dans ce salon",
    "cmd.tarot.new.players": "Nombre de joueurs : de 3 à 6",
    "cmd.tarot.new.deals": "Nombre de donnes de la partie (par défaut : une par joueur)",
    "cmd.tarot.new.garde_contre_multiplier": "Multiplicateur de la garde contre : 6 (FFT) ou 8",
    "cmd.tarot.new.prise_allowed": "Autoriser la prise (sinon la garde est l'enchère minimale)",
    "cmd.tarot.new.poignee_bonus": "Primes de poignée : 20/30/40 (FFT) ou 20/40/60",
    "cmd.tarot.new.misere": "Autoriser la misère (hors règles FFT)",
    "cmd.tarot.new.shuffle": "Mélanger avant chaque donne, ou ramasser et couper (traditionnel)",
    "cmd.tarot.join": "Prendre une place à la table de ce salon",
    "cmd.tarot.leave": "Quitter la table de ce salon avant le début de la partie",
    "cmd.tarot.addbot": "Asseoir un joueur artificiel à la table",
    "cmd.tarot.addbot.level": "La force du bot",
    "cmd.tarot.start": "Lancer la partie (l'hôte, quand toutes les places sont prises)",
    "cmd.tarot.hand": "Voir votre main et vos commandes (vous seul la voyez)",
    "cmd.tarot.stop": "Arrêter la partie ou fermer la table (l'hôte)",
    "cmd.tarot.rules": "Voir les règles de la table de ce salon",
    "cmd.tarot.back": "Reprendre votre place au bot qui joue pour vous",
    "cmd.tarot.replace": "Donner la place d'un joueur à un bot jusqu'à la fin (l'hôte)",
    "cmd.tarot.replace.seat": "Le numéro de la place",
    "cmd.tarot.replace.level": "La force du bot",
    "cmd.leaderboard": "Voir le classement de ce serveur, ou le classement global",
    "cmd.leaderboard.scope": "Ce serveur ou tous les serveurs",
    "cmd.leaderboard.period": "Depuis toujours, cette semaine ou ce mois-ci (UTC)",
    "cmd.stats": "Voir les statistiques d'un joueur",
    "cmd.stats.player": "Le joueur (par défaut : vous)",
    "cmd.stats.scope": "Ce serveur ou tous les serveurs",
    "cmd.history": "Voir les dernières parties d'un joueur",
    "cmd.history.player": "Le joueur (par défaut : vous)",
    "choice.scope.guild": "Ce serveur",
    "choice.scope.global": "Tous les serveurs",
    "choice.period.all": "Depuis toujours",
    "choice.period.week": "Cette semaine",
    "choice.period.month": "Ce mois-ci",
    "choice.shuffle.full": "Mélanger",
    "choice.shuffle.cut": "Ramasser et couper",
    # ----- classements, statistiques, historique ------------------------------------------
    "lb.title.guild": "Classement de ce serveur",
    "lb.title.global": "Classement global",
    "lb.empty": "Personne n'est encore classé : un joueur est classé après {games} parties.",
    "lb.line": "{rank}. {name} : cote {rating}, {points} pts en {games} parties",
    "stats.title": "Statistiques : {name}",
    "stats.scope.guild": "sur ce serveur",
    "stats.scope.global": "sur tous les serveurs",
    "stats.none": "{name} n'a pas encore joué.",
    "stats.points": "Points",
    "stats.games": "Parties",
    "stats.deals": "Donnes",
    "stats.average": "Moyenne par donne",
    "stats.taker_rate": "Donnes prises",
    "stats.success_rate": "Contrats réussis",
    "stats.rating": "Cote",
    "stats.rank": "Rang {rank} sur {ranked}",
    "stats.unranked": "Pas encore classé : {games} parties jouées sur {needed}",
    "stats.none_value": "n.d.",
    "history.title": "Dernières parties : {name}",
    "history.empty": "{name} n'a encore aucune partie.",
    "history.game": "Partie {id}, {date} : {status}, {deals} donnes",
    "history.seat": "{rank}. {name} {score}",
    "history.deal": "Donne {n} : {outcome}",
    "history.record": "Enregistrement de la partie {id}, donne {n}",
    "lb.row": (
        "**{rank}.** {name} : cote **{rating}** · parties {games} · donnes {deals}"
        " · par donne {average} · prises {taken} · réussies {made}"
    ),
    "lb.title.period": "{board} · {period}",
    "lb.period.week": "Cette semaine (depuis le lundi {date})",
    "lb.period.month": "Ce mois-ci ({month})",
    "lb.period.row": (
        "**{rank}.** {name} : **{points}** pts · donnes {deals} · par donne {average}"
        " · prises {taken} · réussies {made}"
    ),
    "lb.period.empty": (
        "Aucune donne d'une partie de table ne s'est encore terminée sur cette période."
    ),
    "lb.period.footer": "Parties de table seulement (les défis ne comptent pas), depuis 0 h UTC.",
    "lb.min_games": "Un joueur est classé après {games} parties.",
    "history.game_in": "**Partie {id}** · {date} · {channel} · {status} · donnes : {deals}",
    "history.seat_unranked": "{name} {score}",
    "history.attached": (
        "Enregistrements des donnes de la partie {id} joints : {shown} sur {total}."
    ),
    "outcome.played": "jouée",
    "outcome.passed": "tout le monde a passé",
    "outcome.petit_sec": "petit sec",
    # ----- the lobby's Remove and Play again, /help and /tarot rules explained (issue 14)
    "ui.table_opened": (
        "Table ouverte : {players} joueurs, {deals:plural:one=# donne|other=# donnes}. Les "
        "autres la rejoignent avec les boutons du message de la table."
    ),
    "ui.missing_permissions": (
        "Aucune table ne peut se jouer dans ce salon : il me manque {names}. Quelqu'un qui "
        "gère le salon peut me les accorder dans ses permissions."
    ),
    "ui.missing_permissions.threads": (
        "Ou quelqu'un qui gère le serveur peut désactiver les fils : {command}."
    ),
    "permission.view_channel": "Voir le salon",
    "permission.send_messages": "Envoyer des messages",
    "permission.read_message_history": "Voir les anciens messages",
    "permission.attach_files": "Joindre des fichiers",
    "permission.create_public_threads": "Créer des fils publics",
    "permission.send_messages_in_threads": "Envoyer des messages dans les fils",
    "refused.empty_seat": "La place {seat} est déjà libre.",
    "refused.host_seat": ("L'hôte ne peut pas retirer sa propre place : Quitter ferme la table."),
    "host_action.remove": "retirer un joueur",
    "button.remove_seat": "Retirer {name}",
    "button.play_again": "Rejouer",
    # ----- spectators: Watch and its Refresh (issue 14)
    "button.watch": "Regarder",
    "button.refresh_watch": "Actualiser",
    "watch.header": (
        "👀 La table telle que tous la voient, visible de vous seulement : Actualiser pour "
        "suivre la partie."
    ),
    "watch.ended": "Cette partie est {status}.",
    "watch.gone": "Cette table n'est plus ouverte.",
    "name.tarot.remove": "retirer",
    "cmd.tarot.remove": ("Libérer une place de la table, d'un bot ou d'un joueur (l'hôte)"),
    "cmd.tarot.remove.seat": "Qui retirer",
    "name.help": "aide",
    "cmd.help": ("Ce que fait ce bot, comment ouvrir une table, les commandes"),
    "help.text": (
        "Le **tarot** est un jeu de levées à 78 cartes pour 3 à 6 joueurs : un joueur (le "
        "preneur) s'engage à gagner la donne contre les autres, aidé des 21 atouts et de "
        "l'Excuse.\n\n**Ouvrir une table** : `/tarot nouvelle` dans un salon (joueurs, donnes, "
        "variantes), puis les autres appuient sur Rejoindre, l'hôte ajoute des bots aux places "
        "libres et appuie sur Lancer. Votre main arrive en message privé, avec des boutons pour "
        "vos seuls coups permis.\n\n**Commandes**\n- `/tarot nouvelle`, `rejoindre`, `quitter`, "
        "`ajouterbot`, `retirer`, `commencer` : la table\n- `/tarot main` : votre main, pour vous "
        "seul (si vos messages privés sont fermés)\n- `/tarot retour`, `remplacer`, `arreter` : "
        "pendant la partie\n- `/tarot regles` : les règles de la table et le sens de chaque "
        "option\n- `/tarot reglages`, `fils` : les réglages des tables de ce serveur et un fil "
        "par table (Gérer le serveur)\n- `/challenge jouer`, `resultats` : les défis en "
        "duplicate, dont le défi du jour : les mêmes cartes pour chaque membre, jouées seul dans "
        "vos messages privés à votre rythme, comparées donne par donne au par (le bot expert à "
        "votre place) et aux autres en points de match ; `/challenge creer` en ouvre un, et le "
        "salon du défi du jour de `/tarot reglages` en reçoit un chaque jour (Gérer le "
        "serveur)\n- `/aide` : cette aide\n- `/classement`, `/statistiques`, `/historique` : "
        "résultats et fiches des donnes (`/classement periode` : depuis toujours, cette semaine "
        "ou ce mois-ci)"
        "\n\n**Le coach** : `/tarot revoir` (ou *Revoir mon jeu* sur une feuille de marque ou "
        "dans `/historique`) pèse chacune de vos décisions d'une donne terminée (enchère, "
        "écart, poignée, cartes) par la recherche de l'expert, d'après ce que vous voyiez "
        "alors : meilleure option, coût en points, note de « meilleur choix » à « gaffe ». "
        "Pour vous seul ; *Partager* publie le résumé, sans aucune carte. En terminal : "
        "`revoir`."
        "\n\nLes règles complètes : voyez-les avec `/tarot regles` et dans "
        "`docs/rules.md` du dépôt du bot."
    ),
    "rules.title_table": "Les règles de cette table",
    "rules.title_options": "Les options d'une table (l'hôte les choisit avec le bouton Règles)",
    "rules.explain.garde_contre_multiplier": (
        "multiplicateur_contre : une garde contre (le chien va à la défense sans être vu) "
        "multiplie la marque de la donne par 6 (FFT) ou par 8."
    ),
    "rules.explain.prise_allowed": (
        "prise_permise : si la plus petite enchère, la prise (×1), est permise ; sinon la "
        "plus petite enchère est la garde (×2)."
    ),
    "rules.explain.poignee_bonus": (
        "primes_poignee : la prime d'une poignée montrée (simple, double ou triple, en "
        "atouts) : 20/30/40 points (FFT) ou 20/40/60, au camp qui gagne la donne."
    ),
    "rules.explain.misere": (
        "misere : un joueur qui n'a reçu ni atout, ni Excuse, ni figure peut annoncer une "
        "misère avant sa première carte et reçoit 10 de chaque autre joueur (hors règles "
        "FFT)."
    ),
    "rules.explain.shuffle": (
        "melange : les cartes sont mélangées avant chaque donne, ou (couper) ramassées et "
        "seulement coupées, comme à une vraie table, si bien que les couleurs restent "
        "groupées."
    ),
    # A thread per table (/tarot threads)
    "thread.name": "Tarot — table de {name}",
    "name.tarot.threads": "fils",
    "cmd.tarot.threads": "Un fil par table pour ses annonces, ou les annonces dans le salon",
    "cmd.tarot.threads.state": "on : les annonces de chaque partie dans son fil ; off : le salon",
    "name.option.state": "etat",
    "choice.threads.on": "on",
    "choice.threads.off": "off",
    "ui.threads_on": (
        "Dès la prochaine partie, chaque table de ce serveur a un fil pour ses annonces."
    ),
    "ui.threads_off": (
        "Dès la prochaine partie, les annonces sont publiées dans le salon de la table."
    ),
    "ui.threads_manage_guild": (
        "Seuls les membres ayant la permission Gérer le serveur peuvent modifier ce réglage."
    ),
    # Per-server settings (/tarot settings)
    "name.tarot.settings": "reglages",
    "name.tarot.review": "revoir",
    "cmd.tarot.review": "Le coach pèse vos décisions d'une donne finie (vous seul le voyez)",
    "cmd.tarot.review.game": "Le numéro de la partie (par défaut : votre dernière partie finie)",
    "cmd.tarot.review.deal": "Le numéro de la donne dans cette partie (par défaut : sa dernière)",
    "name.option.game": "partie",
    "name.option.deal": "donne",
    "cmd.tarot.settings": "Voir ou changer les réglages de table du serveur (Gérer le serveur)",
    "cmd.tarot.settings.setting": "Le réglage à voir ou à changer",
    "cmd.tarot.settings.value": "Sa nouvelle valeur (vide : voir ce qu'il accepte)",
    "cmd.tarot.settings.reset": "Remettre le réglage à la valeur par défaut du bot",
    "name.option.setting": "reglage",
    "name.option.value": "valeur",
    "name.option.reset": "reinitialiser",
    "setting.threads": "Fil par table",
    "setting.language": "Langue de la table",
    "setting.players": "Joueurs",
    "setting.deals": "Donnes par partie",
    "setting.misere": "Misère",
    "setting.prise_allowed": "Prise autorisée",
    "setting.garde_contre_multiplier": "Multiplicateur de la garde contre",
    "setting.poignee_bonus": "Primes de poignée",
    "setting.reminder_after": "Rappel du tour après",
    "setting.stand_in_after": "Remplaçant joue après",
    "setting.challenge_channel": "Salon du défi du jour",
    "setting.challenge_hour": "Heure du défi du jour (UTC)",
    "setting.challenge_variants": "Variantes du défi du jour",
    "setting.ladder_days": "Jours comptés au classement des défis",
    "setting.shuffle": "Mélange",
    "settings.on": "activé",
    "settings.off": "désactivé",
    "settings.per_player": "une par joueur",
    "settings.server_language": "la langue du serveur",
    "settings.seconds": "{count:plural:one=# seconde|other=# secondes}",
    "settings.title": "Réglages des tables de ce serveur (les nouvelles tables les suivent) :",
    "settings.line_default": "{name} : {value} (par défaut)",
    "settings.line_set": "{name} : **{value}** (choisi pour ce serveur)",
    "settings.allowed": "{name} accepte : {allowed}.",
    "settings.changed": "{name} vaut désormais {value} pour les nouvelles tables de ce serveur.",
    "settings.was_reset": "{name} revient à sa valeur par défaut : {value}.",
    "settings.bad_value": "{name} ne peut pas valoir « {value} » : valeurs possibles {allowed}.",
    # ----- house rules (issue 10): each option's values and what it means
    "rule.six_players.twelve_cards": (
        "À 6 : tout le monde joue, 12 cartes chacun, le preneur appelle une carte"
    ),
    "rule.six_players.dealer_sits_out": (
        "À 6 : le donneur ne joue pas et les cinq autres jouent une donne à 5"
    ),
    "setting.six_players": "Six joueurs",
    "rules.explain.six_players": (
        "six_joueurs (à 6 seulement) : soit tout le monde joue avec 12 cartes et le preneur "
        "appelle une carte comme à 5, soit le donneur de chaque donne ne joue pas (pas de "
        "cartes, marque 0) et les cinq autres jouent une donne à 5."
    ),
    "seat.sits_out": "ne joue pas",
    "dm.sits_out": "Vous donnez et ne jouez pas cette donne : les cinq autres la jouent.",
    "rule.petit_imprenable.true": (
        "Petit imprenable : un Petit reçu seul (sans l'Excuse) est protégé"
    ),
    "rule.petit_imprenable.false": "Pas de petit imprenable (un Petit seul est un petit sec)",
    "setting.petit_imprenable": "Petit imprenable",
    "rules.explain.petit_imprenable": (
        "petit_imprenable : une main qui reçoit le Petit pour seul atout, sans l'Excuse, "
        "n'est pas un petit sec ; ce Petit se joue quand on veut, n'est jamais forcé et, s'il"
        " ne remporte pas son pli, reste à son camp comme l'Excuse."
    ),
    "table.petit_imprenable": "Petit protégé (petit imprenable) : {name}",
    "dm.petit_imprenable": (
        "Votre Petit est protégé (petit imprenable) : jouez-le quand vous voulez ; s'il ne "
        "remporte pas son pli, votre camp le garde."
    ),
    "refused.illegal.passed_already": "Vous avez passé dans ces enchères : vous ne reparlez plus.",
    "refused.illegal.no_parole_said": (
        "Seuls les joueurs qui ont dit parole parlent au second tour."
    ),
    "refused.illegal.parole_off": "Cette table se joue sans parole.",
    "refused.illegal.parole_first_round": "On ne dit parole qu'au premier tour.",
    "contract.parole": "Parole",
    "rule.auction.single_round": "Un seul tour d'enchères (FFT)",
    "rule.auction.open": "Enchères ouvertes : on reparle jusqu'à ce que tous sauf un aient passé",
    "rule.parole.true": "Parole permise au premier tour",
    "rule.parole.false": "Pas de parole",
    "setting.auction": "Enchères",
    "setting.parole": "Parole",
    "rules.explain.auction": (
        "enchères : un seul tour, chacun parlant une fois (FFT) ; ou ouvertes, où l'on "
        "reparle jusqu'à ce que tous les joueurs sauf un aient passé, si bien qu'un joueur "
        "surenchéri peut surenchérir à son tour."
    ),
    "rules.explain.parole": (
        "parole : au premier tour, un joueur peut dire parole au lieu de passer ou d'enchérir"
        " ; ceux qui l'ont dite reparlent une fois après le premier tour (pas avec des "
        "enchères ouvertes)."
    ),
    "score.rounded": (
        "Marques arrondies à la dizaine (un 5 s'éloigne de zéro) ; "
        "celle du preneur garde la donne à zéro."
    ),
    "refused.illegal.petit_chelem_off": "Cette table se joue sans petit chelem.",
    "refused.illegal.misere_kind": (
        "À cette table, une misère s'annonce par sorte : misère d'atout ou misère de têtes."
    ),
    "refused.action.petit_chelem": "Annoncer un petit chelem",
    "button.petit_chelem": "Petit chelem",
    "button.misere.trumps": "Misère d'atout",
    "button.misere.faces": "Misère de têtes",
    "event.petit_chelem_announced": "{name} annonce un petit chelem !",
    "event.misere_declared.trumps": "{name} déclare une misère d'atout.",
    "event.misere_declared.faces": "{name} déclare une misère de têtes.",
    "table.petit_chelem": "Petit chelem annoncé par {name}",
    "table.misere.trumps": "Misère d'atout : {name}",
    "table.misere.faces": "Misère de têtes : {name}",
    "score.slam.petit_announced_made": "Petit chelem annoncé et réussi : {bonus}",
    "score.slam.petit_announced_failed": "Petit chelem annoncé et chuté : {bonus}",
    "score.slam.petit_made": "Petit chelem réussi (non annoncé) : {bonus}",
    "misere.kind.trumps": "misère d'atout",
    "misere.kind.faces": "misère de têtes",
    "refused.illegal.pousse_not_allowed": (
        "Pas de {contract} à cette table : elle se joue sans pousse."
    ),
    "contract.petite": "Petite",
    "score.base_fixed": "Base : {value} + {diff} = {base}",
    "rule.contracts.fft": "Contrats : prise, garde, garde sans, garde contre (FFT)",
    "rule.contracts.pousse": "Contrats avec une pousse entre la prise et la garde",
    "rule.contracts.fixed": (
        "Contrats à valeur fixe : petite 10, pousse 20, garde 40, garde sans 80, garde contre 160"
    ),
    "rule.round_to_ten.true": "Marques arrondies à la dizaine",
    "rule.round_to_ten.false": "Marques non arrondies",
    "rule.petit_chelem.true": "Petit chelem permis",
    "rule.petit_chelem.false": "Pas de petit chelem",
    "rule.misere.split": "Misère d'atout et misère de têtes, annoncées séparément",
    "contract.pousse": "Pousse",
    "setting.contracts": "Contrats",
    "setting.round_to_ten": "Marques arrondies à la dizaine",
    "setting.petit_chelem": "Petit chelem",
    "rules.explain.contracts": (
        "contrats : FFT (prise, garde, garde sans, garde contre) ; pousse (une pousse, jouée "
        "comme une prise et comptée ×1, passe au-dessus de la prise) ; ou valeur fixe, "
        "l'ancienne marque où petite, pousse, garde, garde sans et garde contre valent 10, 20, "
        "40, 80 et 160 points au lieu de multiplier."
    ),
    "rules.explain.round_to_ten": (
        "arrondi : après chaque donne, chaque marque sauf celle du preneur est arrondie à la "
        "dizaine la plus proche (un 5 s'éloigne de zéro), et celle du preneur garde la donne "
        "à somme nulle."
    ),
    "rules.explain.petit_chelem": (
        "petit_chelem : le preneur peut annoncer un petit chelem (tous les plis sauf trois au "
        "plus) : +300 s'il le réussit, −150 sinon ; réussi sans annonce : +150."
    ),
    # rules menu (issue 10)
    "button.rules": "Règles",
    "button.rules_back": "Retour aux règles",
    "rules_menu.hint": (
        "Vous êtes l'hôte : choisissez une option ci-dessous pour la changer avant le début."
    ),
    "rules_menu.pick_option": "Changer une option…",
    "rules_menu.pick_value": "Choisir sa valeur…",
    "rules_menu.current": "À cette table : {value}",
    "host_action.rules": "changer les règles",
    "refused.unknown_rule": "Il n'y a pas d'option de règle {option}.",
    "refused.bad_rule_value": "{option} ne peut pas valoir {value} : valeurs possibles {allowed}.",
    "refused.rule_conflict": (
        "{option} : « {value} » ne va pas avec les autres règles de cette table."
    ),
    # Pictures (bot/pictures): a finished deal's picture, the game's chart, /stats, /history.
    "picture.deal.seat": "Place {n}",
    "picture.deal.takes": "{name} : {contract}",
    "picture.deal.called": "appelle",
    "picture.deal.partner": "partenaire {name}",
    "picture.deal.alone": "seul",
    "picture.deal.points": "{points} points, il en fallait {target}",
    "picture.deal.verdict": "{points} : {outcome}",
    "picture.deal.made": "réussi",
    "picture.deal.failed": "chuté",
    "picture.deal.petit_au_bout": "Petit au bout : {side}",
    "picture.deal.taker_side": "preneur",
    "picture.deal.defence_side": "défense",
    "picture.deal.passed": "Tout le monde a passé : pas de donne",
    "picture.deal.petit_sec": "{name} avait le Petit sec : donne annulée",
    "picture.deal.hands": "Mains distribuées",
    "picture.deal.chien": "Chien",
    "picture.deal.ecart": "Écart",
    "picture.deal.tricks": "Plis",
    "picture.deal.sits_out": "donne et ne joue pas",
    "picture.deal.taker": "preneur",
    "picture.deal.partner_tag": "partenaire",
    "picture.deal.legend_winner": "remporte le pli",
    "picture.deal.legend_leader": "entame le pli",
    "picture.deal.legend_excuse": "Excuse, gardée par son camp",
    "picture.deal.legend_side": "camp du preneur",
    "picture.deal.legend_oudler": "bout",
    "picture.slam.announced_made": "Chelem annoncé et réussi",
    "picture.slam.announced_failed": "Chelem annoncé et chuté",
    "picture.slam.made": "Chelem réussi",
    "picture.slam.defence": "Chelem de la défense",
    "picture.slam.petit_announced_made": "Petit chelem annoncé et réussi",
    "picture.slam.petit_announced_failed": "Petit chelem annoncé et chuté",
    "picture.slam.petit_made": "Petit chelem réussi",
    "picture.totals_title": "Cumul des scores",
    "picture.deal_axis": "Donne",
    "picture.points_title": "Points sur les {games} dernières parties",
    "picture.game_axis": "Partie",
    "history.picture_placeholder": "Image d'une donne de la partie {id}…",
    "history.picture_option": "Donne {n}",
    "history.picture": "Partie {id}, donne {n}",
    "history.picture_missing": "La partie {id} n'a pas de donne {n} terminée.",
    # ----- the terminal game (python -m bot play): texts only the terminal shows --------
    "terminal.you": "Vous",
    "terminal.words.yes": "oui, o",
    "terminal.words.no": "non, n",
    "terminal.words.help": "aide, ?",
    "terminal.words.score": "score, scores, totaux",
    "terminal.words.quit": "quitter, sortir",
    "terminal.words.review": "revoir, analyse",
    "terminal.words.slam": "chelem, grand chelem",
    "terminal.words.petit_chelem": "petit chelem, petit",
    "terminal.welcome": "Tarot à {players} joueurs : vous êtes à la place 1, contre {names}.",
    "terminal.thinking": "Les bots experts réfléchissent {ms} ms par décision.",
    "terminal.rules": "Les règles de cette table :",
    "terminal.notation": (
        "Les cartes s'écrivent {cards} (un roi, un dix, l'atout 21, le Petit, l'Excuse) ;"
        " tapez-les ainsi, ou en lettres : RS ou KS pour le roi de pique, 10H, 21, EX (S, H, D,"
        " C : pique, cœur, carreau, trèfle, en anglais)."
    ),
    "terminal.commands": (
        "À chaque question : {help} pour ce que vous pouvez répondre, {score} pour les totaux,"
        " {review} pour l'analyse par le coach de vos décisions de la dernière donne, {quit}"
        " pour quitter la partie."
    ),
    "terminal.deal_header": "=== Donne {n} sur {m} · donneur : {name} ===",
    "terminal.deal_header_sits_out": (
        "=== Donne {n} sur {m} · donneur : {name}, qui ne joue pas (les cinq autres jouent) ==="
    ),
    "terminal.your_hand": "Votre main :",
    "terminal.played": "{name} : {card}",
    "terminal.partner": "Partenaire : {name}",
    "terminal.trick_of": "Pli {n} sur {m}",
    "terminal.trick_won": "{name} remporte le pli {n}.",
    "terminal.you.trick_won": "Vous remportez le pli {n}.",
    "terminal.you.contract_made": "Vous prenez : {contract}.",
    "terminal.you.king_called": "Vous appelez {card}.",
    "terminal.you.slam_announced": "Vous annoncez un chelem !",
    "terminal.you.petit_chelem_announced": "Vous annoncez un petit chelem !",
    "terminal.you.poignee_shown": "Vous montrez une poignée {level} : {cards}.",
    "terminal.you.misere_declared": "Vous déclarez une misère.",
    "terminal.you.misere_declared.trumps": "Vous déclarez une misère d'atout.",
    "terminal.you.misere_declared.faces": "Vous déclarez une misère de têtes.",
    "terminal.you_hold_called": (
        "Vous avez la carte appelée, {card} : vous êtes le partenaire de {name}, et personne"
        " ne le sait avant que vous la jouiez."
    ),
    "terminal.partner_revealed": (
        "La carte appelée, {card}, est jouée : {partner} est le partenaire de {name}."
    ),
    "terminal.you.partner_revealed": (
        "La carte appelée, {card}, est jouée : {partner} est votre partenaire."
    ),
    "terminal.partner_you": (
        "La carte appelée, {card}, est jouée : tout le monde sait maintenant que vous êtes le"
        " partenaire de {name}."
    ),
    "terminal.taker_alone": (
        "La carte appelée, {card}, est au preneur lui-même : {name} joue seul."
    ),
    "terminal.you.taker_alone": "La carte appelée, {card}, est à vous : vous jouez seul.",
    "terminal.petit_sec": "{name} a le Petit sec : {cards}.",
    "terminal.you.petit_sec": "Vous avez le Petit sec : {cards}.",
    "terminal.deal_again": ("Elle ne compte pas : la donne {n} sur {m} est redistribuée."),
    "terminal.you.score.contract": "Vous avez pris une {contract}.",
    "terminal.you.score.contract_partner": (
        "Vous avez pris une {contract}, avec {partner} comme partenaire."
    ),
    "terminal.you.score.contract_alone": "Vous avez pris une {contract} et joué seul.",
    "terminal.score.contract_you_partner": (
        "{name} a pris une {contract}, avec vous comme partenaire."
    ),
    "terminal.ecart": "L'écart de {name} : {cards}",
    "terminal.you.ecart": "Votre écart : {cards}",
    "terminal.chien_unseen": "Le chien, resté caché pendant la donne : {cards}",
    "terminal.you.game_finished": "La partie est terminée : vous gagnez avec {score}.",
    "terminal.totals": (
        "Totaux après {count:plural:one=# donne|other=# donnes} sur {m} : {totals}"
    ),
    "terminal.abandoned": "Partie abandonnée.",
    "terminal.not_understood": "Pas compris : « {answer} ».",
    "terminal.type": "Tapez {accepted}.",
    "terminal.help": (
        "Ici vous pouvez taper {accepted}. À chaque question : {score} pour les totaux,"
        " {review} pour l'analyse de la dernière donne par le coach, {quit} pour quitter la"
        " partie."
    ),
    "terminal.ask.bid": "Votre enchère ({choices}) :",
    "terminal.ask.call": "Appelez une carte : qui l'a est votre partenaire ({choices}) :",
    "terminal.ask.ecart": (
        "Votre écart : {count:plural:one=# carte|other=# cartes} (ni roi ni bout) :"
    ),
    "terminal.accept.ecart": (
        "{count:plural:one=# carte|other=# cartes} de votre main, séparées par des espaces (ni"
        " roi ni bout ; un atout seulement s'il le faut)"
    ),
    "terminal.ask.slam": "Annoncer un chelem ? ({choices}) :",
    "terminal.misere": "une misère",
    "terminal.ask.misere": "Déclarer {what} ? ({choices}) :",
    "terminal.poignee_offer": (
        "Vous pouvez montrer une poignée {level} ({count} cartes) ; montrés par défaut, vos"
        " plus petits atouts : {cards}"
    ),
    "terminal.ask.poignee": "Montrer une poignée ? ({choices}, ou les cartes à montrer) :",
    "terminal.accept.poignee": "{choices}, ou les cartes à montrer, séparées par des espaces",
    "terminal.ask.lead": "Votre entame ({choices}) :",
    "terminal.ask.play": "Votre carte ({choices}) :",
    "challenge.label": "n°{id} · {day} · {deals} donnes à {players}",
    "challenge.label.instance": "n°{id} · commun · {day} · {deals} donnes à {players}",
    "challenge.post": (
        "**Défi n°{id}** · {deals} donnes à {players} joueurs · se termine {closes}\nTout le "
        "monde joue les mêmes cartes, seul contre des joueurs de l'ordinateur, et se compare "
        "donne par donne aux autres et au par (le bot expert à la même place). Une tentative "
        "chacun ; les résultats restent cachés tant que vous n'avez pas joué."
    ),
    "challenge.rules": "Règles : {rules}",
    "challenge.play": "Jouer",
    "challenge.started": "Votre défi est dans vos messages : {link}",
    "challenge.none_open": (
        "Aucun défi n'est ouvert ici. Un membre qui gère le serveur en ouvre un avec /challenge "
        "create."
    ),
    "challenge.no_results": "Aucun défi de ce serveur à montrer.",
    "challenge.mp": "{mp} des points de match",
    "challenge.mp.alone": "personne à qui se comparer pour l'instant",
    "challenge.deal.unplayed": "non jouée : le score du par, {score}",
    "challenge.deal.passed": "tout le monde a passé : {score}",
    "challenge.deal.made": "vous avez pris une {contract} et l'avez réussie : {score}",
    "challenge.deal.down": "vous avez pris une {contract} et chuté : {score}",
    "challenge.deal.defended": "vous avez défendu : {score}",
    "challenge.par.passed": "le par a passé ({score})",
    "challenge.par.took": "le par a pris une {contract} : {score}",
    "challenge.par.defended": "le par a défendu : {score}",
    "challenge.deal": (
        "Donne {n} : {you} ({versus} par rapport au par ; {par}). {took} sur {played} ont pris. "
        "{mp}."
    ),
    "challenge.row": "{rank}. {name} : {mp}, {versus} par rapport au par",
    "challenge.unfinished": "(inachevé)",
    "challenge.results.title": "**Défi n°{id}** · {day} · {count} classés",
    "challenge.results.open": "Encore ouvert : d'autres membres peuvent finir d'ici {closes}.",
    "challenge.results.you": (
        "Vous : {rank}e sur {count} ici, {mp}, {versus} par rapport au par ({total} points)."
    ),
    "challenge.results.everywhere": "Parmi les joueurs de tous les serveurs : {rank}e sur {count}.",
    "challenge.results.nobody": "Personne ne l'a encore terminé.",
    "challenge.finished": "**Défi n°{id} joué.**",
    "challenge.review.placeholder": "Revoir une donne…",
    "challenge.review.option": "Donne {n}",
    "challenge.review.title": "**Défi n°{id}, donne {n}**",
    "challenge.review.you": "{you} ({versus} par rapport au par ; {mp}).",
    "challenge.review.absent": "Vous n'avez pas joué ce défi.",
    "challenge.review.par.made": "Le par a pris une {contract} et l'a réussie : {score}.",
    "challenge.review.par.down": "Le par a pris une {contract} et a chuté : {score}.",
    "challenge.review.par.defended": "Le par a défendu ({taker} a pris une {contract}) : {score}.",
    "challenge.review.par.passed": "Avec le par, tout le monde a passé : {score}.",
    "challenge.review.field": (
        "Au classement : {played:plural:one=# membre l'a jouée|other=# membres l'ont jouée} ;"
        " {took} ont pris, {made} ont réussi. Meilleur {best}, médiane {median}, pire {worst}."
    ),
    "challenge.review.field.nobody": "Personne au classement ne l'a encore jouée.",
    "challenge.review.par_name": "Par",
    "cmd.challenge": "Défis en duplicate : les mêmes donnes pour tous, à votre rythme",
    "name.challenge.create": "creer",
    "name.challenge.play": "jouer",
    "name.challenge.results": "resultats",
    "name.challenge.ladder": "classement",
    "name.option.month": "mois",
    "cmd.challenge.ladder": "Le classement du mois des défis du jour",
    "cmd.challenge.ladder.month": "Quel mois, en AAAA-MM (par défaut : ce mois-ci, UTC)",
    "challenge.streak": "Série : {count:plural:one=# jour|other=# jours}",
    "challenge.ladder.title": (
        "**Classement des défis du jour · {month}** · les {best} meilleurs jours de chacun"
    ),
    "challenge.ladder.row": "{rank}. {name} : {total} · {days:plural:one=# jour|other=# jours}",
    "challenge.ladder.empty": "Personne n'a joué le défi du jour de ce serveur en {month}.",
    "challenge.ladder.you": (
        "Vous : {rank}e sur {count}, {total} · {days:plural:one=# jour|other=# jours}."
    ),
    "challenge.ladder.everywhere": (
        "Classement de tous les serveurs ({best} meilleurs jours) : vous êtes {rank}e sur {count},"
        " {total} · {days:plural:one=# jour|other=# jours}."
    ),
    "challenge.ladder.bad_month": "Un mois s'écrit AAAA-MM, par exemple {example}.",
    "name.option.challenge": "defi",
    "cmd.challenge.create": "Ouvrir un défi pour les membres de ce serveur (Gérer le serveur)",
    "cmd.challenge.create.deals": "Nombre de donnes (4 par défaut)",
    "cmd.challenge.create.players": "Joueurs à la table : 3 à 6 (4 par défaut)",
    "cmd.challenge.play": "Jouer un défi, seul, dans vos messages privés",
    "cmd.challenge.which": "Quel défi (par défaut : le dernier ouvert)",
    "cmd.challenge.results": "Les résultats d'un défi (une fois que vous l'avez joué)",
    "challenge.daily": "🗓️ **Le défi du jour**",
    "challenge.daily.everyone": (
        "Aussi aujourd'hui, le défi des joueurs de tous les serveurs : n°{id}, dans /challenge "
        "play."
    ),
    "challenge.final.title": "**Résultats définitifs du défi n°{id}** ({day}, {count} classés)",
    "challenge.intro": (
        "**Défi n°{id}** : votre table et votre main suivent ici. Jouez à votre rythme ; personne "
        "ne joue à votre place."
    ),
    "name.option.rules": "regles",
    "name.option.variants": "variantes",
    "cmd.challenge.create.rules": (
        "Toute autre option de règle, en nom=valeur (contracts=pousse round_to_ten=on)"
    ),
    "cmd.challenge.create.variants": (
        "Chaque donne en autant de variantes, membres comparés dans la leur (1 à 10)"
    ),
    "dm.title_challenge": "Défi n°{id} : donne {n} sur {m}, vous êtes à la place {seat}",
    # ----- le coach (bot/render/review.py) --------------------------------------------------
    "review.title": "**Vos décisions passées au crible · partie {id}, donne {n}** ({seat})",
    "review.title.deal": "**Vos décisions passées au crible · donne {n}** ({seat})",
    "review.share.title": "**Le jeu de {name} revu par le coach · partie {id}, donne {n}**",
    "review.share.title.deal": "**Le jeu de {name} revu par le coach · donne {n}**",
    "review.no_decision": "Aucune décision à peser dans cette donne : chaque coup était forcé.",
    "review.counts": "Décisions : {counts}",
    "review.count.best": "{count:plural:one=# meilleur choix|other=# meilleurs choix}",
    "review.count.fine": "{count:plural:one=# correct|other=# corrects}",
    "review.count.inaccuracy": "{count:plural:one=# imprécision|other=# imprécisions}",
    "review.count.mistake": "{count:plural:one=# erreur|other=# erreurs}",
    "review.count.blunder": "{count:plural:one=# gaffe|other=# gaffes}",
    "review.clean": (
        "Aucune erreur relevée : chaque décision était la meilleure, ou aussi bonne dans la "
        "marge de l'estimation."
    ),
    "review.cost": "Coût des erreurs : {points}",
    "review.points": "{points:plural:one=# point|other=# points}",
    "review.key.title": "Moments clés :",
    "review.key": "- {kind} : {grade}, coût {points}",
    "review.key.reason": "- {kind} : {grade}, coût {points} — {reason}",
    "review.line.best": "{kind} : {chosen} · {grade}",
    "review.line": "{kind} : {chosen} (meilleur : {best} ; coût {points}) · {grade}",
    "review.line.nocost": "{kind} : {chosen} (meilleur : {best}) · {grade}",
    "review.quiet": (
        "Non listés : {count:plural:one=# choix meilleur ou correct|other=# choix meilleurs "
        "ou corrects}."
    ),
    "review.note": (
        "Chaque décision est pesée par l'expert d'après ce que vous pouviez voir à ce "
        "moment-là. Les coûts sont en points de votre score, ± l'erreur type de l'estimation ; "
        "seul un coût dont l'estimation est sûre est relevé."
    ),
    "review.margin": "{points} ± {error}",
    "review.kind.bid": "Enchère",
    "review.kind.call": "Appel",
    "review.kind.ecart": "Écart",
    "review.kind.slam": "Chelem",
    "review.kind.poignee": "Poignée",
    "review.kind.play": "Pli {trick}",
    "review.grade.best": "meilleur choix",
    "review.grade.fine": "correct",
    "review.grade.inaccuracy": "imprécision",
    "review.grade.mistake": "erreur",
    "review.grade.blunder": "gaffe",
    "review.option.slam.none": "pas de chelem",
    "review.option.slam.slam": "chelem",
    "review.option.slam.petit_chelem": "petit chelem",
    "review.option.no_poignee": "non montrée",
    "review.option.poignee": "poignée {level}",
    "review.reason.contract_too_high": "un contrat trop haut pour la main",
    "review.reason.contract_too_low": "un contrat plus haut valait davantage",
    "review.reason.hand_not_taken": "la main méritait d'être prise",
    "review.reason.petit_exposed": "le Petit mis en danger",
    "review.reason.petit_not_saved": "le Petit pouvait être sauvé ici",
    "review.reason.points_not_fed": "des points à charger sur le pli de votre camp",
    "review.reason.points_given": "des points donnés au camp adverse",
    "review.reason.trump_wasted": "un atout gaspillé",
    "review.reason.excuse_timing": "l'Excuse jouée au mauvais moment",
    "review.progress": "Analyse de vos décisions… {done}/{total}",
    "review.busy": "Le coach est occupé par d'autres analyses : réessayez dans une minute.",
    "review.not_seated": (
        "Vous ne pouvez revoir que votre propre jeu : vous n'aviez pas de place dans cette donne."
    ),
    "review.not_found": "La partie {id} n'a pas de donne {n} terminée à revoir.",
    "review.in_play": (
        "Cette partie est encore en cours : ses donnes se revoient une fois qu'elle est finie."
    ),
    "review.challenge": (
        "Le coach ne revoit pas les donnes d'un défi : d'autres membres jouent les mêmes cartes."
    ),
    "review.no_deal": (
        "Rien à revoir pour l'instant : aucune de vos parties à une table n'est terminée."
    ),
    "review.button": "Revoir mon jeu",
    "review.share_button": "Partager",
    "review.menu_placeholder": "Revoir mon jeu dans une donne de la partie {id}…",
    "review.menu_option": "Donne {n}",
    "review.shared": "Partagé avec la table.",
    "terminal.review.hint": (
        "Tapez {review} à la prochaine question pour faire peser vos décisions de cette donne"
        " par le coach."
    ),
    "terminal.review.none": (
        "Aucune donne n'a encore été comptée : {review} pèse vos décisions une fois la feuille"
        " de marque d'une donne affichée."
    ),
    "terminal.review.stopped": "Analyse interrompue.",
    "terminal.ask.review": (
        "La partie est finie. Tapez {review} pour l'analyse par le coach de vos décisions de la"
        " dernière donne, ou Entrée pour partir :"
    ),
}
