"""Textos en español. Mismas claves y mismos ``{parámetros}`` que ``en.py``.

Los términos son los de los jugadores de tarot francés en español: triunfos, la Excusa,
bazas, el perro, el descarte, el tomador, los oudlers; los contratos y los términos de
puntuación se dejan en francés (Prise, Garde, Garde sans, Garde contre, Petit au bout,
poignée, misère). Se tutea al jugador, como en la mesa.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # ----- rechazos (códigos de bot.tables.Refused) ---------------------------------------
    "refused.not_playing": "La partida aún no ha empezado.",
    "refused.table_exists": "Ya hay una mesa abierta en este canal.",
    "refused.bad_players": "Una mesa tiene de 3 a 6 jugadores, no {players}.",
    "refused.bad_rules": "Opciones de reglas no válidas: {reason}",
    "refused.bad_deals": "Una partida tiene de 1 a {max} manos, no {deals}.",
    "refused.already_seated": "Ya tienes un asiento en esta mesa.",
    "refused.bad_level": "Nivel de bot desconocido {level}: elige {levels}.",
    "refused.no_bot": "No hay ningún bot en esta mesa.",
    "refused.no_bot_seat": "El asiento {seat} no es un bot.",
    "refused.seats_empty": "Asientos aún libres: {count}. Espera a más jugadores o añade bots.",
    "refused.elsewhere": (
        "Esta mesa la lleva otra parte del bot, que no respondió a "
        "tiempo: inténtalo de nuevo en un momento."
    ),
    "refused.unanswered": (
        "La parte del bot que lleva esta mesa se detuvo antes de responder a tu clic: "
        "mira la mesa y, si tu jugada no está, hazla de nuevo."
    ),
    "refused.stale": "Esto ya no está vigente: la mesa ha avanzado.",
    "refused.not_your_turn": "No es tu turno: le toca a {name}.",
    "refused.not_your_seat": "Ese control no es tuyo: pertenece a otro asiento.",
    "refused.not_away": "No figuras como ausente.",
    "refused.bad_seat": "No existe el asiento {seat}.",
    "refused.not_human": "El asiento {seat} ya es un bot.",
    "refused.challenge": (
        "Un desafío lo juega hasta el final su jugador solo:"
        " no se puede detener y ningún bot ocupa el asiento."
    ),
    "refused.no_challenge": "Aquí no hay ningún desafío así.",
    "refused.challenge_closed": "Este desafío está cerrado: /challenge results da los resultados.",
    "refused.already_played": "Ya has jugado este desafío: un intento por persona.",
    "refused.attempt_under_way": "Termina primero el desafío que juegas en tus mensajes.",
    "refused.results_hidden": "Los resultados siguen ocultos hasta que juegues este desafío.",
    "refused.no_table": "No hay ninguna mesa en este canal.",
    "refused.not_lobby": "La partida ya ha empezado.",
    "refused.not_seated": "No tienes asiento en esta mesa.",
    "refused.not_host": "Solo el anfitrión puede hacer eso.",
    "refused.not_host_action": "Solo el anfitrión puede {action}.",
    "refused.not_host_or_moderator": (
        "Solo el anfitrión, o un miembro con el permiso Gestionar canales aquí, puede {action}."
    ),
    "refused.table_full": "Todos los asientos están ocupados.",
    "refused.illegal": "Jugada rechazada: {reason}",
    "refused.storage": "La mesa no pudo guardar esto; inténtalo de nuevo.",
    "refused.generic": "Rechazado: {reason}",
    # ----- rechazos del motor (tarot_core.refusals: reglas, acciones, fases) -------------
    "refused.illegal.game_over": "La partida ha terminado.",
    "refused.illegal.deal_over": "Esta mano ha terminado.",
    "refused.illegal.unknown_action": "Las reglas no conocen esa jugada.",
    "refused.illegal.wrong_phase": "{action} no es posible ahora: {phase}.",
    "refused.illegal.not_your_turn": "{action} no es posible: le toca a {to_act}.",
    "refused.illegal.bid_too_low": (
        "No puedes pujar {contract}: una puja debe ser más alta que {highest}."
    ),
    "refused.illegal.prise_not_allowed": (
        "En esta mesa no se juega {contract}: la puja más baja es {lowest}."
    ),
    "refused.illegal.call_not_king": "No puedes llamar {card}: se llama un rey, de cualquier palo.",
    "refused.illegal.call_lower_rank": (
        "No puedes llamar {card}: solo se puede si te repartieron {above}."
    ),
    "refused.illegal.ecart_not_in_hand": "No puedes descartar {card}: no está en tu mano.",
    "refused.illegal.ecart_king": "No puedes descartar {card}: un rey no puede ir al descarte.",
    "refused.illegal.ecart_oudler": (
        "No puedes descartar {card}: un oudler no puede ir al descarte."
    ),
    "refused.illegal.ecart_trump_not_needed": (
        "No puedes descartar {card}: un triunfo solo va al descarte cuando tus otras cartas"
        " no bastan (aún tienes {cards})."
    ),
    "refused.illegal.ecart_size": (
        "El descarte debe tener {needed:plural:one=# carta|other=# cartas}, no {count}."
    ),
    "refused.illegal.ecart_duplicate": "El descarte nombra dos veces {card}.",
    "refused.illegal.after_first_card": (
        "{action} ya no es posible: se hace antes de jugar tu primera carta."
    ),
    "refused.illegal.poignee_already": "Ya has mostrado una poignée.",
    "refused.illegal.poignee_size": (
        "Una poignée muestra exactamente {sizes} cartas con {players} jugadores, no {count}."
    ),
    "refused.illegal.poignee_duplicate": "La poignée nombra dos veces {card}.",
    "refused.illegal.poignee_not_trump": (
        "No puedes mostrar {card}: una poignée se compone de triunfos (y la Excusa)."
    ),
    "refused.illegal.poignee_not_in_hand": "No puedes mostrar {card}: no está en tu mano.",
    "refused.illegal.poignee_excuse": (
        "La Excusa solo puede sustituir a un triunfo si muestras todos tus triunfos"
        " (sin mostrar: {cards})."
    ),
    "refused.illegal.misere_off": "Esta mesa juega sin misère.",
    "refused.illegal.misere_already": "Ya has declarado una misère.",
    "refused.illegal.misere_hand": (
        "No puedes declarar una misère: tu mano inicial contiene {cards}"
        " (no se permiten triunfos, Excusa ni figuras)."
    ),
    "refused.illegal.not_in_hand": "No puedes jugar {card}: no la tienes.",
    "refused.illegal.must_follow": (
        "No puedes jugar {card}: debes asistir a {suit} (tienes {cards})."
    ),
    "refused.illegal.must_overtrump": (
        "No puedes jugar {card}: debes jugar un triunfo más alto que {beat} (tienes {cards})."
    ),
    "refused.illegal.must_trump": (
        "No puedes jugar {card}: debes jugar un triunfo (tienes {cards})."
    ),
    "refused.action.bid": "Pujar {contract}",
    "refused.action.pass": "Pasar",
    "refused.action.call": "Llamar {card}",
    "refused.action.discard": "Descartar {card}",
    "refused.action.ecart": "Hacer el descarte",
    "refused.action.slam": "Anunciar un slam",
    "refused.action.no_slam": "Renunciar al slam",
    "refused.action.poignee": "Mostrar una poignée",
    "refused.action.misere": "Declarar una misère",
    "refused.action.play": "Jugar {card}",
    "refused.phase.bidding": "la subasta está en curso",
    "refused.phase.calling": "el tomador está llamando a un rey",
    "refused.phase.ecart": "el tomador está haciendo el descarte",
    "refused.phase.slam": "el tomador decide si anuncia un slam",
    "refused.phase.playing": "se están jugando las cartas",
    "refused.phase.done": "la mano ha terminado",
    "refused.ranks.12": "los cuatro caballos",
    "refused.ranks.13": "las cuatro damas",
    "refused.ranks.14": "los cuatro reyes",
    "refused.list_or": "{items} o {last}",
    "refused.other_channel": "Este control pertenece a la mesa de {channel}.",
    "refused.other_channel_anon": "Este control pertenece a una mesa de otro canal.",
    "host_action.start": "empezar la partida",
    "host_action.cancel": "cancelar la mesa",
    "host_action.replace": "reemplazar a un jugador",
    "host_action.stop_table": "cerrar la mesa",
    "host_action.stop_game": "detener la partida",
    # ----- interfaz general ---------------------------------------------------------------
    "ui.stale": "Esto ya no está vigente: la mesa ha avanzado.",
    "ui.dms_closed": (
        "No puedo enviarte mensajes privados: usa /tarot cartas o el botón Mis cartas."
    ),
    "ui.labelled": "**{label}**: {text}",
    "ui.done": "Hecho.",
    "ui.error": "Algo salió mal; inténtalo de nuevo.",
    "ui.no_table_here": "No hay ninguna mesa en este canal: abre una con /tarot nueva.",
    "ui.table_elsewhere": "Ya hay una mesa abierta en este canal: {link}",
    # ----- contratos, niveles, nombres de los bots ----------------------------------------
    "contract.pass": "Paso",
    "contract.prise": "Prise",
    "contract.garde": "Garde",
    "contract.garde_sans": "Garde sans",
    "contract.garde_contre": "Garde contre",
    "level.random": "aleatorio",
    "level.heuristic": "heurístico",
    "level.expert": "experto",
    "bot_name.random": "Bot aleatorio",
    "bot_name.heuristic": "Bot heurístico",
    "bot_name.expert": "Bot experto",
    "seat.n": "Asiento {seat}",
    "bot_name.numbered": "{name} {seat}",
    "poignee.simple": "simple",
    "poignee.double": "doble",
    "poignee.triple": "triple",
    "status.lobby": "esperando jugadores",
    "status.playing": "en juego",
    "status.finished": "terminada",
    "status.stopped": "detenida",
    "status.cancelled": "cancelada",
    # ----- cartas -------------------------------------------------------------------------
    "card.rank.1": "As",
    "card.rank.11": "Jota",
    "card.rank.12": "Caballo",
    "card.rank.13": "Dama",
    "card.rank.14": "Rey",
    "card.short.11": "J",
    "card.short.12": "C",
    "card.short.13": "D",
    "card.short.14": "R",
    "card.suit.0": "picas",
    "card.suit.1": "corazones",
    "card.suit.2": "diamantes",
    "card.suit.3": "tréboles",
    "card.suit_card": "{rank} de {suit}",
    "card.trump": "Triunfo {n}",
    "card.petit": "el Petit",
    "card.excuse": "la Excusa",
    "hand.group.0": "Picas",
    "hand.group.1": "Corazones",
    "hand.group.2": "Diamantes",
    "hand.group.3": "Tréboles",
    "hand.group.4": "Triunfos",
    "hand.group.excuse": "Excusa",
    "hand.line": "**{group}**: {cards}",
    "hand.empty": "(sin cartas)",
    # ----- la mesa de espera --------------------------------------------------------------
    "lobby.title": "Tarot: mesa para {players}",
    "lobby.deals": "Manos: {deals}",
    "lobby.host": "Anfitrión: {name}",
    "lobby.seats": "Asientos",
    "lobby.seat": "{seat}. {name}",
    "lobby.empty_seat": "{seat}. (libre)",
    "lobby.host_mark": "(anfitrión)",
    "lobby.rules": "Reglas",
    "lobby.rules_default": "Reglas de la FFT, sin variantes.",
    "lobby.hint": (
        "Únete para ocupar un asiento; el anfitrión empieza cuando no quede ninguno libre."
    ),
    "lobby.ready": "Todos los asientos están ocupados: el anfitrión puede empezar.",
    "lobby.closed": "Esta mesa está cerrada (partida {status}).",
    # ----- opciones de reglas -------------------------------------------------------------
    "rule.players": "{players:plural:one=# jugador|other=# jugadores}",
    "rule.garde_contre_multiplier": "La Garde contre vale ×{value}",
    "rule.prise_allowed.true": "Prise permitida",
    "rule.prise_allowed.false": "Sin Prise: la Garde es la puja más baja",
    "rule.poignee_bonus": "Primas de poignée: {value}",
    "rule.misere.true": "Misère permitida",
    "rule.misere.false": "Sin misère",
    "rule.shuffle.full": "Cartas barajadas antes de cada mano",
    "rule.shuffle.cut": "Sin barajar: las cartas se recogen y se cortan (tradicional)",
    # ----- la mesa pública ----------------------------------------------------------------
    "table.title": "Tarot: mano {n} de {m}",
    "table.title_done": "Tarot: partida {status}",
    "table.seat": "{seat}. {name}",
    "table.dealer": "repartidor",
    "table.away": "ausente",
    "table.host": "anfitrión",
    "table.total": "{total} pts",
    "table.turn.bid": "{name} debe pujar (turno iniciado {since})",
    "table.turn.call": "{name} debe llamar a un rey (turno iniciado {since})",
    "table.turn.ecart": "{name} debe hacer el descarte (turno iniciado {since})",
    "table.turn.slam": "{name} debe anunciar un slam o no (turno iniciado {since})",
    "table.turn.play": "{name} debe jugar (turno iniciado {since})",
    "table.turn.now": "ahora mismo",
    "table.stand_in_at": "Un bot jugará en su lugar {when}.",
    "table.auction": "Subasta",
    "table.bid": "{name}: {contract}",
    "table.auction_none": "nadie ha hablado aún",
    "table.contract": "{name} toma: {contract}",
    "table.contract_partner": "{name} toma: {contract}, con {partner}",
    "table.called": "Carta llamada: {card}",
    "table.slam": "Slam anunciado por {name}",
    "table.chien": "Perro: {cards}",
    "table.chien_hidden": "Perro: sin mostrar ({contract})",
    "table.ecart_trumps": "Triunfos en el descarte: {cards}",
    "table.poignee": "Poignée ({level}, {name}): {cards}",
    "table.misere": "Misère: {name}",
    "table.petit_sec": "Petit sec ({name}): {cards}",
    "table.trick": "Baza {n}",
    "table.trick_empty": "Baza {n}: esperando la salida",
    "table.last_trick": "Última baza (ganada por {name})",
    "table.played": "{name} {card}",
    "table.scores": "Puntuaciones",
    "table.score": "{name} {score}",
    "table.finished": "La partida ha terminado.",
    "table.stopped": "La partida se detuvo.",
    "table.moved": "Esto sigue en un mensaje más reciente, más abajo ↓ {link}",
    "table.moved_deal": "La mano {n} se juega en un mensaje más reciente, más abajo ↓ {link}",
    # ----- el mensaje privado -------------------------------------------------------------
    "dm.title": "Tarot en {channel}: mano {n} de {m}, estás en el asiento {seat}",
    "dm.hand": "Tus cartas",
    "dm.ecart": "Tu descarte: {cards}",
    "dm.contract": "Contrato: {contract} (tomador: {name})",
    "dm.called": "Carta llamada: {card}",
    "dm.trick": "Baza en curso: {cards}",
    "dm.waiting": "Esperando a {name}.",
    "dm.do.bid": "Te toca pujar: {choices}.",
    "dm.do.call": "Llama una carta (quien la tenga será tu pareja secreta): {choices}.",
    "dm.do.ecart": (
        "Descarta {count:plural:one=# carta|other=# cartas} (ni reyes ni oudlers): {choices}."
    ),
    "dm.do.slam": "Anuncia un slam, o no.",
    "dm.do.play": "Te toca jugar: {choices}.",
    "dm.do.poignee": "Puedes mostrar una poignée: {choices}.",
    "dm.do.misere": "Puedes declarar una misère.",
    "dm.game_over": "La partida ha terminado.",
    # The DM's state (issue 14: best bid, waiting, deal result, seat replaced)
    "dm.best_bid": "Apuesta más alta por ahora: {contract} ({name})",
    "dm.waiting_others": "Esperando a los demás (la mesa muestra a quién le toca).",
    "dm.deal_result": "{deal} Tu puntuación: {score} (total {total}).",
    "dm.replaced": "Tu asiento se ha dado a un bot: la partida sigue sin ti.",
    # ----- eventos (una línea en el canal) ------------------------------------------------
    "event.game_started": "Empieza la partida: reparte {name}.",
    "event.contract_made": "{name} toma: {contract}.",
    "event.all_passed": "Todos pasan: la mano es nula y se vuelve a repartir.",
    "event.king_called": "{name} llama: {card}.",
    "event.chien_shown": "El perro: {cards}.",
    "event.ecart_trumps": "Triunfos en el descarte: {cards}.",
    "event.slam_announced": "¡{name} anuncia un slam!",
    "event.poignee_shown": "{name} muestra una poignée {level}: {cards}.",
    "event.misere_declared": "{name} declara una misère.",
    "event.deal_made": "Mano {n}: {name} cumple el contrato ({contract}).",
    "event.deal_lost": "Mano {n}: {name} pierde el contrato ({contract}).",
    "event.deal_passed": "Mano {n}: todos pasaron.",
    "event.deal_petit_sec": "Mano {n}: Petit sec, la mano se anula.",
    "event.game_finished": "La partida ha terminado: gana {name} con {score}.",
    "event.game_finished_tie": (
        "La partida ha terminado: {names} comparten el primer puesto con {score}."
    ),
    "event.game_stopped.host": "{name} detuvo la partida; las manos terminadas cuentan.",
    "event.game_stopped.host_anon": "La partida se detuvo; las manos terminadas cuentan.",
    "event.game_stopped.idle": "La partida se detuvo: nadie jugó durante demasiado tiempo.",
    "event.lobby_closed.cancelled": "La mesa se cerró.",
    "event.lobby_closed.expired": "La mesa se cerró: nadie la empezó a tiempo.",
    "event.reminder": "{mention}, te toca: un bot jugará por ti {when}.",
    "event.stand_in": "{name} está ausente: un bot {level} juega en su lugar hasta que vuelva.",
    "event.player_back": "{name} ha vuelto.",
    "event.seat_replaced": "Un bot {level} ocupa el lugar de {name} hasta el final de la partida.",
    # ----- hoja de puntuación y clasificación ---------------------------------------------
    "score.title": "Mano {n}: hoja de puntuación",
    "score.void.passed": "Todos pasaron: sin puntuación, reparte el siguiente.",
    "score.void.petit_sec": "Petit sec: la mano se anula, reparte el siguiente.",
    "score.contract": "{name} tomó: {contract}.",
    "score.contract_partner": "{name} tomó: {contract}, en pareja con {partner}.",
    "score.contract_alone": "{name} tomó: {contract}, y jugó en solitario.",
    "score.points": (
        "Puntos: {points} con {oudlers:plural:one=# oudler|other=# oudlers};"
        " se necesitaban {target}."
    ),
    "score.made": "Cumplido por {diff}.",
    "score.lost": "Fallado por {diff}.",
    "score.base": "Base: (25 + {diff}) × {multiplier} = {base}",
    "score.petit_au_bout.taker": "Petit au bout para el tomador: {bonus}",
    "score.petit_au_bout.defence": "Petit au bout para la defensa: {bonus}",
    "score.poignee": "Poignée: {bonus}",
    "score.slam.made": "Slam cumplido (sin anunciar): {bonus}",
    "score.slam.announced_made": "Slam anunciado y cumplido: {bonus}",
    "score.slam.announced_failed": "Slam anunciado y fallado: {bonus}",
    "score.slam.defence": "Slam de la defensa: {bonus}",
    "score.misere": "Misère ({name}): {bonus}",
    "score.hand": "Valor de la mano: {score}",
    "score.seats": "Esta mano",
    "score.totals": "Totales",
    "score.line": "{name} {score}",
    "standings.title": "Clasificación final",
    "standings.line": "{rank}. {name} {score}",
    # ----- botones y menús ----------------------------------------------------------------
    "button.join": "Unirse",
    "button.leave": "Salir",
    "button.add_bot": "Añadir bot",
    "button.add_bot_level": "Añadir bot {level}",
    "button.remove_bot": "Quitar bot",
    "button.start": "Empezar",
    "button.cancel": "Cerrar la mesa",
    "button.my_hand": "Mis cartas",
    # Clicks (issue 14): an ephemeral hand with no move to make is refreshed in place.
    "button.refresh_hand": "Actualizar",
    "button.pass": "Paso",
    "button.slam_yes": "Anunciar slam",
    "button.slam_no": "Sin slam",
    "button.call": "Llamar {card}",
    "button.discard": "Descartar",
    "button.confirm_ecart": "Confirmar descarte",
    "button.poignee": "Mostrar poignée ({level})",
    "button.misere": "Misère",
    "button.back": "He vuelto",
    "button.stop": "Detener la partida",
    "select.ecart": "Cartas para descartar: {suit}",
    "select.bot_level": "Nivel del bot",
    "select.poignee": "Cartas para mostrar",
    # ----- comandos (descripciones de 100 caracteres como máximo) -------------------------
    "name.tarot.new": "nueva",
    "name.tarot.join": "unirse",
    "name.tarot.leave": "salir",
    "name.tarot.addbot": "agregarbot",
    "name.tarot.start": "empezar",
    "name.tarot.hand": "cartas",
    "name.tarot.stop": "detener",
    "name.tarot.rules": "reglas",
    "name.tarot.back": "volver",
    "name.tarot.replace": "reemplazar",
    "name.leaderboard": "clasificacion",
    "name.stats": "estadisticas",
    "name.history": "historial",
    "name.option.players": "jugadores",
    "name.option.deals": "manos",
    "name.option.misere": "misere",
    "name.option.prise_allowed": "prise_permitida",
    "name.option.level": "nivel",
    "name.option.seat": "asiento",
    "name.option.scope": "alcance",
    "name.option.period": "periodo",
    "name.option.player": "jugador",
    "name.option.garde_contre_multiplier": "multiplicador_contre",
    "name.option.poignee_bonus": "primas_poignee",
    "name.option.shuffle": "barajar",
    "choice.garde_contre.6": "×6 (FFT)",
    "choice.garde_contre.8": "×8",
    "choice.poignee.fft": "20 / 30 / 40 (FFT)",
    "choice.poignee.high": "20 / 40 / 60",
    "cmd.tarot": "Jugar al tarot francés en este canal",
    "cmd.tarot.new": "Abrir una mesa de tarot en este canal",
    "cmd.tarot.new.players": "Número de jugadores: de 3 a 6",
    "cmd.tarot.new.deals": "Número de manos de la partida (por defecto: una por jugador)",
    "cmd.tarot.new.garde_contre_multiplier": "Multiplicador de la Garde contre: 6 (FFT) u 8",
    "cmd.tarot.new.prise_allowed": "Permitir la Prise (si no, la Garde es la puja mínima)",
    "cmd.tarot.new.poignee_bonus": "Primas de poignée: 20/30/40 (FFT) o 20/40/60",
    "cmd.tarot.new.misere": "Permitir la misère (no es regla de la FFT)",
    "cmd.tarot.new.shuffle": "Barajar antes de cada mano, o recoger y cortar (tradicional)",
    "cmd.tarot.join": "Sentarte a la mesa de este canal",
    "cmd.tarot.leave": "Dejar la mesa de este canal antes de que empiece la partida",
    "cmd.tarot.addbot": "Sentar a un jugador artificial a la mesa",
    "cmd.tarot.addbot.level": "La fuerza del bot",
    "cmd.tarot.start": "Empezar la partida (el anfitrión, con todos los asientos ocupados)",
    "cmd.tarot.hand": "Ver tus cartas y tus controles (solo tú los ves)",
    "cmd.tarot.stop": "Detener la partida o cerrar la mesa (el anfitrión)",
    "cmd.tarot.rules": "Ver las reglas de la mesa de este canal",
    "cmd.tarot.back": "Recuperar tu asiento del bot que juega por ti",
    "cmd.tarot.replace": "Dar el asiento de un jugador a un bot hasta el final (el anfitrión)",
    "cmd.tarot.replace.seat": "El número del asiento",
    "cmd.tarot.replace.level": "La fuerza del bot",
    "cmd.leaderboard": "Ver la clasificación de este servidor, o la global",
    "cmd.leaderboard.scope": "Este servidor o todos los servidores",
    "cmd.leaderboard.period": "Desde siempre, esta semana o este mes (UTC)",
    "cmd.stats": "Ver las estadísticas de un jugador",
    "cmd.stats.player": "El jugador (por defecto: tú)",
    "cmd.stats.scope": "Este servidor o todos los servidores",
    "cmd.history": "Ver las últimas partidas de un jugador",
    "cmd.history.player": "El jugador (por defecto: tú)",
    "choice.scope.guild": "Este servidor",
    "choice.scope.global": "Todos los servidores",
    "choice.period.all": "Desde siempre",
    "choice.period.week": "Esta semana",
    "choice.period.month": "Este mes",
    "choice.shuffle.full": "Barajar",
    "choice.shuffle.cut": "Recoger y cortar",
    # ----- clasificaciones, estadísticas, historial ---------------------------------------
    "lb.title.guild": "Clasificación de este servidor",
    "lb.title.global": "Clasificación global",
    "lb.empty": (
        "Nadie está clasificado aún: un jugador entra en la clasificación tras"
        " {games:plural:one=# partida|other=# partidas}."
    ),
    "lb.line": (
        "{rank}. {name}: valoración {rating}, {points} pts en"
        " {games:plural:one=# partida|other=# partidas}"
    ),
    "stats.title": "Estadísticas: {name}",
    "stats.scope.guild": "en este servidor",
    "stats.scope.global": "en todos los servidores",
    "stats.none": "{name} aún no ha jugado.",
    "stats.points": "Puntos",
    "stats.games": "Partidas",
    "stats.deals": "Manos",
    "stats.average": "Media por mano",
    "stats.taker_rate": "Manos tomadas",
    "stats.success_rate": "Contratos cumplidos",
    "stats.rating": "Valoración",
    "stats.rank": "Puesto {rank} de {ranked}",
    "stats.unranked": (
        "Sin clasificar aún: {games} de {needed:plural:one=# partida jugada|other=# partidas"
        " jugadas}"
    ),
    "stats.none_value": "n/d",
    "history.title": "Últimas partidas: {name}",
    "history.empty": "{name} aún no tiene partidas.",
    "history.game": "Partida {id}, {date}: {status}, {deals:plural:one=# mano|other=# manos}",
    "history.seat": "{rank}. {name} {score}",
    "history.deal": "Mano {n}: {outcome}",
    "history.record": "Registro de la partida {id}, mano {n}",
    "lb.row": (
        "**{rank}.** {name}: valoración **{rating}** · partidas {games} · manos {deals}"
        " · por mano {average} · tomadas {taken} · cumplidas {made}"
    ),
    "lb.title.period": "{board} · {period}",
    "lb.period.week": "Esta semana (desde el lunes {date})",
    "lb.period.month": "Este mes ({month})",
    "lb.period.row": (
        "**{rank}.** {name}: **{points}** pts · manos {deals} · por mano {average}"
        " · tomadas {taken} · cumplidas {made}"
    ),
    "lb.period.empty": (
        "Todavía no ha terminado ninguna mano de una partida de mesa en este periodo."
    ),
    "lb.period.footer": "Solo partidas de mesa (los desafíos no cuentan), desde las 00:00 UTC.",
    "lb.min_games": (
        "Un jugador entra en la clasificación tras {games:plural:one=# partida|other=# partidas}."
    ),
    "history.game_in": "**Partida {id}** · {date} · {channel} · {status} · manos: {deals}",
    "history.seat_unranked": "{name} {score}",
    "history.attached": "Registros de las manos de la partida {id} adjuntos: {shown} de {total}.",
    "outcome.played": "jugada",
    "outcome.passed": "todos pasaron",
    "outcome.petit_sec": "petit sec",
    # ----- the lobby's Remove and Play again, /help and /tarot rules explained (issue 14)
    "ui.table_opened": (
        "Mesa abierta: {players} jugadores, {deals:plural:one=# mano|other=# manos}. Los "
        "demás se unen con los botones del mensaje de la mesa."
    ),
    "ui.missing_permissions": (
        "No se puede jugar una mesa en este canal: me faltan estos permisos: {names}. "
        "Quien gestione el canal puede concedérmelos en su configuración."
    ),
    "ui.missing_permissions.threads": (
        "O quien gestione el servidor puede desactivar los hilos: {command}."
    ),
    "permission.view_channel": "Ver canal",
    "permission.send_messages": "Enviar mensajes",
    "permission.read_message_history": "Leer el historial de mensajes",
    "permission.attach_files": "Adjuntar archivos",
    "permission.create_public_threads": "Crear hilos públicos",
    "permission.send_messages_in_threads": "Enviar mensajes en hilos",
    "refused.empty_seat": "El asiento {seat} ya está libre.",
    "refused.host_seat": ("El anfitrión no puede quitar su propio asiento: Salir cierra la mesa."),
    "host_action.remove": "quitar a un jugador",
    "button.remove_seat": "Quitar a {name}",
    "button.play_again": "Jugar otra vez",
    # ----- spectators: Watch and its Refresh (issue 14)
    "button.watch": "Observar",
    "button.refresh_watch": "Actualizar",
    "watch.header": (
        "👀 La mesa tal como la ven todos, solo para ti: Actualizar para seguir la partida."
    ),
    "watch.ended": "Esta partida está {status}.",
    "watch.gone": "Esta mesa ya no está abierta.",
    "name.tarot.remove": "quitar",
    "cmd.tarot.remove": ("Liberar un asiento de la mesa, de un bot o de un jugador (anfitrión)"),
    "cmd.tarot.remove.seat": "A quién quitar",
    "name.help": "ayuda",
    "cmd.help": "Qué hace este bot, cómo abrir una mesa, los comandos",
    "help.text": (
        "El **tarot francés** es un juego de bazas con 78 cartas para 3 a 6 jugadores: un jugador "
        "(el que toma) se compromete a ganar la mano contra los demás, ayudado por los 21 "
        "triunfos y la Excusa.\n\n**Abrir una mesa**: `/tarot nueva` en un canal (jugadores, "
        "manos, variantes); los demás pulsan Unirse, el anfitrión añade bots en los asientos "
        "libres y pulsa Empezar. Tu mano llega por mensaje privado, con botones solo para tus "
        "jugadas permitidas.\n\n**Comandos**\n- `/tarot nueva`, `unirse`, `salir`, `agregarbot`, "
        "`quitar`, `empezar`: la mesa\n- `/tarot cartas`: tu mano, solo para ti (si tus mensajes "
        "privados están cerrados)\n- `/tarot volver`, `reemplazar`, `detener`: durante la "
        "partida\n- `/tarot reglas`: las reglas de la mesa y qué significa cada opción\n- `/tarot "
        "ajustes`, `hilos`: los ajustes de mesa de este servidor y un hilo por mesa (Gestionar "
        "servidor)\n- `/challenge jugar`, `resultados`: los desafíos duplicados, como el desafío "
        "del día: las mismas cartas para cada miembro, jugadas solo en tus mensajes directos a tu "
        "ritmo, comparadas mano a mano con el par (el bot experto en tu asiento) y con los demás "
        "en puntos de partido; `/challenge crear` abre uno, y el canal del desafío diario de "
        "`/tarot ajustes` recibe uno cada día (Gestionar servidor)\n- `/ayuda`: esta ayuda\n- "
        "`/clasificacion`, `/estadisticas`, `/historial`: resultados y registros de las manos "
        "(`/clasificacion periodo`: desde siempre, esta semana o este mes)"
        "\n\n**El entrenador**: `/tarot revisar` (o *Revisar mi juego* en una hoja de "
        "puntuación o en `/historial`) analiza cada decisión tuya de una mano terminada "
        "(puja, descarte, poignée, cartas) con la búsqueda del experto, desde lo que veías "
        "entonces: la mejor opción, el coste en puntos y una nota de «óptima» a «error "
        "grave». Solo para ti; *Compartir* publica el resumen, sin ninguna carta. En el "
        "terminal: `revisar`."
        "\n\nLas reglas "
        "completas: míralas con `/tarot reglas` y en `docs/rules.md` del repositorio del bot."
    ),
    "rules.title_table": "Las reglas de esta mesa",
    "rules.title_options": (
        "Las opciones de una mesa (el anfitrión las elige con el botón Reglas del lobby)"
    ),
    "rules.explain.garde_contre_multiplier": (
        "Multiplicador de la Garde contre (el chien va a la defensa sin verse): la "
        "puntuación de la mano se multiplica por 6 (FFT) o por 8."
    ),
    "rules.explain.prise_allowed": (
        "Prise permitida: si se puede hacer la puja más baja, la Prise (×1); si no, la puja "
        "más baja es la Garde (×2)."
    ),
    "rules.explain.poignee_bonus": (
        "Primas de poignée: la prima por mostrar una poignée (simple, doble o triple, de "
        "triunfos): 20/30/40 puntos (FFT) o 20/40/60, para el bando que gana la mano."
    ),
    "rules.explain.misere": (
        "Misère: un jugador que no recibió ningún triunfo, ni la Excusa, ni figuras puede "
        "anunciar una misère antes de su primera carta y gana 10 de cada otro jugador (no "
        "es regla FFT)."
    ),
    "rules.explain.shuffle": (
        "Barajar: las cartas se barajan antes de cada mano, o (cortar) se recogen y solo se "
        "cortan, como en una mesa real, de modo que los palos quedan juntos."
    ),
    # A thread per table (/tarot threads)
    "thread.name": "Tarot — mesa de {name}",
    "name.tarot.threads": "hilos",
    "cmd.tarot.threads": "Un hilo por mesa para sus avisos, o los avisos en el canal",
    "cmd.tarot.threads.state": "on: los avisos de cada partida en su hilo; off: en el canal",
    "name.option.state": "estado",
    "choice.threads.on": "on",
    "choice.threads.off": "off",
    "ui.threads_on": (
        "Desde la próxima partida, cada mesa de este servidor tiene un hilo para sus avisos."
    ),
    "ui.threads_off": "Desde la próxima partida, los avisos se publican en el canal de la mesa.",
    "ui.threads_manage_guild": (
        "Solo los miembros con el permiso Gestionar servidor pueden cambiar este ajuste."
    ),
    # Per-server settings (/tarot settings)
    "name.tarot.settings": "ajustes",
    "name.tarot.review": "revisar",
    "cmd.tarot.review": (
        "El entrenador sopesa tus decisiones en una mano terminada (solo tú lo ves)"
    ),
    "cmd.tarot.review.game": "El número de la partida (por defecto: tu última partida terminada)",
    "cmd.tarot.review.deal": "El número de la mano en esa partida (por defecto: la última)",
    "name.option.game": "partida",
    "name.option.deal": "mano",
    "cmd.tarot.settings": "Ver o cambiar los ajustes de mesa de este servidor (Gestionar servidor)",
    "cmd.tarot.settings.setting": "El ajuste que ver o cambiar",
    "cmd.tarot.settings.value": "Su nuevo valor (vacío: ver qué admite)",
    "cmd.tarot.settings.reset": "Devolver el ajuste al valor por defecto del bot",
    "name.option.setting": "ajuste",
    "name.option.value": "valor",
    "name.option.reset": "restablecer",
    "setting.threads": "Hilo por mesa",
    "setting.language": "Idioma de la mesa",
    "setting.players": "Jugadores",
    "setting.deals": "Manos por partida",
    "setting.misere": "Misère",
    "setting.prise_allowed": "Prise permitida",
    "setting.garde_contre_multiplier": "Multiplicador de la garde contre",
    "setting.poignee_bonus": "Primas de poignée",
    "setting.reminder_after": "Recordatorio del turno tras",
    "setting.stand_in_after": "Suplente juega tras",
    "setting.challenge_channel": "Canal del desafío diario",
    "setting.challenge_hour": "Hora del desafío diario (UTC)",
    "setting.challenge_variants": "Variantes del desafío diario",
    "setting.ladder_days": "Días contados en la clasificación de desafíos",
    "setting.shuffle": "Barajar",
    "settings.on": "activado",
    "settings.off": "desactivado",
    "settings.per_player": "una por jugador",
    "settings.server_language": "el idioma del servidor",
    "settings.seconds": "{count:plural:one=# segundo|other=# segundos}",
    "settings.title": "Ajustes de mesa de este servidor (las mesas nuevas los usan):",
    "settings.line_default": "{name}: {value} (por defecto)",
    "settings.line_set": "{name}: **{value}** (elegido para este servidor)",
    "settings.allowed": "{name} admite: {allowed}.",
    "settings.changed": "{name} es ahora {value} para las mesas nuevas de este servidor.",
    "settings.was_reset": "{name} vuelve a su valor por defecto: {value}.",
    "settings.bad_value": "{name} no puede ser «{value}»: los valores posibles son {allowed}.",
    # ----- house rules (issue 10): each option's values and what it means
    "rule.six_players.twelve_cards": (
        "A 6: todos juegan, 12 cartas cada uno, el tomador llama una carta"
    ),
    "rule.six_players.dealer_sits_out": (
        "A 6: el repartidor no juega y los otros cinco juegan una mano a 5"
    ),
    "setting.six_players": "Seis jugadores",
    "rules.explain.six_players": (
        "Seis jugadores (solo a 6): o todos juegan con 12 cartas y el tomador llama una carta"
        " como a 5, o el repartidor de cada mano no juega (sin cartas, puntúa 0) y los otros "
        "cinco juegan una mano a 5."
    ),
    "seat.sits_out": "no juega",
    "dm.sits_out": "Repartes esta mano y no juegas: la juegan los otros cinco.",
    "rule.petit_imprenable.true": (
        "Petit imprenable: un Petit recibido solo (sin la Excusa) está protegido"
    ),
    "rule.petit_imprenable.false": "Sin petit imprenable (un Petit solo es un petit sec)",
    "setting.petit_imprenable": "Petit imprenable",
    "rules.explain.petit_imprenable": (
        "Petit imprenable: una mano que recibe el Petit como único triunfo, sin la Excusa, no"
        " es un petit sec; ese Petit se juega cuando se quiera, nunca es obligado y, si no "
        "gana su baza, se queda con su bando como la Excusa."
    ),
    "table.petit_imprenable": "Petit protegido (petit imprenable): {name}",
    "dm.petit_imprenable": (
        "Tu Petit está protegido (petit imprenable): juégalo cuando quieras; si no gana su "
        "baza, tu bando lo conserva."
    ),
    "refused.illegal.passed_already": "Pasaste en esta subasta: ya no vuelves a hablar.",
    "refused.illegal.no_parole_said": "En la segunda vuelta solo hablan quienes dijeron parole.",
    "refused.illegal.parole_off": "En esta mesa no se juega la parole.",
    "refused.illegal.parole_first_round": "La parole solo se dice en la primera vuelta.",
    "contract.parole": "Parole",
    "rule.auction.single_round": "Una sola vuelta de pujas (FFT)",
    "rule.auction.open": "Subasta abierta: se puja hasta que todos menos uno hayan pasado",
    "rule.parole.true": "Parole permitida en la primera vuelta",
    "rule.parole.false": "Sin parole",
    "setting.auction": "Subasta",
    "setting.parole": "Parole",
    "rules.explain.auction": (
        "Subasta: una sola vuelta, cada jugador habla una vez (FFT); o abierta, en la que se "
        "sigue pujando hasta que todos menos uno hayan pasado, así que quien es superado "
        "puede volver a pujar."
    ),
    "rules.explain.parole": (
        "Parole: en la primera vuelta un jugador puede decir parole en lugar de pasar o "
        "pujar; quienes la dijeron hablan una vez más tras la primera vuelta (no con subasta "
        "abierta)."
    ),
    "score.rounded": (
        "Puntuaciones redondeadas a la decena (un 5 se aleja de cero); "
        "la del tomador deja la mano en cero."
    ),
    "refused.illegal.petit_chelem_off": "En esta mesa no se juega el petit chelem.",
    "refused.illegal.misere_kind": (
        "En esta mesa la misère se anuncia por tipo: misère de triunfos o misère de figuras."
    ),
    "refused.action.petit_chelem": "Anunciar un petit chelem",
    "button.petit_chelem": "Petit chelem",
    "button.misere.trumps": "Misère de triunfos",
    "button.misere.faces": "Misère de figuras",
    "event.petit_chelem_announced": "¡{name} anuncia un petit chelem!",
    "event.misere_declared.trumps": "{name} declara una misère de triunfos.",
    "event.misere_declared.faces": "{name} declara una misère de figuras.",
    "table.petit_chelem": "Petit chelem anunciado por {name}",
    "table.misere.trumps": "Misère de triunfos: {name}",
    "table.misere.faces": "Misère de figuras: {name}",
    "score.slam.petit_announced_made": "Petit chelem anunciado y logrado: {bonus}",
    "score.slam.petit_announced_failed": "Petit chelem anunciado y fallado: {bonus}",
    "score.slam.petit_made": "Petit chelem logrado (sin anunciar): {bonus}",
    "misere.kind.trumps": "misère de triunfos",
    "misere.kind.faces": "misère de figuras",
    "refused.illegal.pousse_not_allowed": "En esta mesa no se juega {contract}: no hay Pousse.",
    "contract.petite": "Petite",
    "score.base_fixed": "Base: {value} + {diff} = {base}",
    "rule.contracts.fft": "Contratos: Prise, Garde, Garde sans, Garde contre (FFT)",
    "rule.contracts.pousse": "Contratos con una Pousse entre la Prise y la Garde",
    "rule.contracts.fixed": (
        "Contratos de valor fijo: Petite 10, Pousse 20, Garde 40, Garde sans 80, Garde contre 160"
    ),
    "rule.round_to_ten.true": "Puntuaciones redondeadas a la decena",
    "rule.round_to_ten.false": "Puntuaciones sin redondear",
    "rule.petit_chelem.true": "Petit chelem permitido",
    "rule.petit_chelem.false": "Sin petit chelem",
    "rule.misere.split": "Misère de triunfos y misère de figuras, anunciadas por separado",
    "contract.pousse": "Pousse",
    "setting.contracts": "Contratos",
    "setting.round_to_ten": "Puntuaciones redondeadas a la decena",
    "setting.petit_chelem": "Petit chelem",
    "rules.explain.contracts": (
        "Contratos: FFT (Prise, Garde, Garde sans, Garde contre); pousse (una Pousse, que se "
        "juega como una Prise y vale ×1, supera a la Prise); o valor fijo, la puntuación "
        "antigua en la que Petite, Pousse, Garde, Garde sans y Garde contre valen 10, 20, 40, "
        "80 y 160 puntos en lugar de multiplicar."
    ),
    "rules.explain.round_to_ten": (
        "Redondeo: tras cada mano, cada puntuación salvo la del tomador se redondea a la "
        "decena más próxima (un 5 se aleja de cero), y la del tomador mantiene la suma en cero."
    ),
    "rules.explain.petit_chelem": (
        "Petit chelem: el tomador puede anunciar un petit chelem (todas las bazas salvo tres "
        "como mucho): +300 si lo logra, −150 si no; logrado sin anunciarlo: +150."
    ),
    # rules menu (issue 10)
    "button.rules": "Reglas",
    "button.rules_back": "Volver a las reglas",
    "rules_menu.hint": (
        "Eres el anfitrión: elige una opción abajo para cambiarla antes de empezar."
    ),
    "rules_menu.pick_option": "Cambiar una opción…",
    "rules_menu.pick_value": "Elegir su valor…",
    "rules_menu.current": "En esta mesa: {value}",
    "host_action.rules": "cambiar las reglas",
    "refused.unknown_rule": "No existe la opción de regla {option}.",
    "refused.bad_rule_value": "{option} no puede ser {value}: los valores posibles son {allowed}.",
    "refused.rule_conflict": (
        "{option}: «{value}» no es compatible con las demás reglas de esta mesa."
    ),
    # Pictures (bot/pictures): a finished deal's picture, the game's chart, /stats, /history.
    "picture.deal.seat": "Asiento {n}",
    "picture.deal.takes": "{name}: {contract}",
    "picture.deal.called": "llama",
    "picture.deal.partner": "compañero {name}",
    "picture.deal.alone": "solo",
    "picture.deal.points": "{points} puntos, necesitaba {target}",
    "picture.deal.verdict": "{points}: {outcome}",
    "picture.deal.made": "cumplido",
    "picture.deal.failed": "fallado",
    "picture.deal.petit_au_bout": "Petit au bout: {side}",
    "picture.deal.taker_side": "tomador",
    "picture.deal.defence_side": "defensa",
    "picture.deal.passed": "Todos pasaron: no hay mano",
    "picture.deal.petit_sec": "{name} tenía el Petit seco: mano anulada",
    "picture.deal.hands": "Manos repartidas",
    "picture.deal.chien": "Perro",
    "picture.deal.ecart": "Descarte",
    "picture.deal.tricks": "Bazas",
    "picture.deal.sits_out": "reparte y no juega",
    "picture.deal.taker": "tomador",
    "picture.deal.partner_tag": "compañero",
    "picture.deal.legend_winner": "gana la baza",
    "picture.deal.legend_leader": "abre la baza",
    "picture.deal.legend_excuse": "Excusa, se queda en su bando",
    "picture.deal.legend_side": "bando del tomador",
    "picture.deal.legend_oudler": "oudler",
    "picture.slam.announced_made": "Slam anunciado y cumplido",
    "picture.slam.announced_failed": "Slam anunciado y fallado",
    "picture.slam.made": "Slam cumplido",
    "picture.slam.defence": "Slam de la defensa",
    "picture.slam.petit_announced_made": "Petit chelem anunciado y logrado",
    "picture.slam.petit_announced_failed": "Petit chelem anunciado y fallado",
    "picture.slam.petit_made": "Petit chelem logrado",
    "picture.totals_title": "Puntuación acumulada",
    "picture.deal_axis": "Mano",
    "picture.points_title": "Puntos en las últimas {games} partidas",
    "picture.game_axis": "Partida",
    "history.picture_placeholder": "Imagen de una mano de la partida {id}…",
    "history.picture_option": "Mano {n}",
    "history.picture": "Partida {id}, mano {n}",
    "history.picture_missing": "La partida {id} no tiene una mano {n} terminada.",
    # ----- el juego en la terminal (python -m bot play): textos solo de la terminal -----
    "terminal.you": "Tú",
    "terminal.words.yes": "sí, si, s",
    "terminal.words.no": "no, n",
    "terminal.words.help": "ayuda, ?",
    "terminal.words.score": "puntos, marcador, totales",
    "terminal.words.quit": "salir, terminar",
    "terminal.words.review": "revisar, análisis",
    "terminal.words.slam": "slam, chelem",
    "terminal.words.petit_chelem": "petit chelem, petit",
    "terminal.welcome": (
        "Tarot francés a {players} jugadores: estás en el asiento 1, contra {names}."
    ),
    "terminal.thinking": "Los bots expertos piensan {ms} ms por decisión.",
    "terminal.rules": "Las reglas de esta mesa:",
    "terminal.notation": (
        "Las cartas se escriben {cards} (un rey, un diez, el triunfo 21, el Petit, la Excusa);"
        " escríbelas así, o con letras: RS o KS para el rey de picas, 10H, 21, EX (S, H, D, C:"
        " picas, corazones, diamantes, tréboles, en inglés)."
    ),
    "terminal.commands": (
        "En cualquier pregunta: {help} para ver qué puedes responder, {score} para los"
        " totales, {review} para que el entrenador analice tus decisiones de la última mano,"
        " {quit} para dejar la partida."
    ),
    "terminal.deal_header": "=== Mano {n} de {m} · reparte: {name} ===",
    "terminal.deal_header_sits_out": (
        "=== Mano {n} de {m} · reparte: {name}, que no juega (juegan los otros cinco) ==="
    ),
    "terminal.your_hand": "Tu mano:",
    "terminal.played": "{name}: {card}",
    "terminal.partner": "Pareja: {name}",
    "terminal.trick_of": "Baza {n} de {m}",
    "terminal.trick_won": "{name} gana la baza {n}.",
    "terminal.you.trick_won": "Ganas la baza {n}.",
    "terminal.you.contract_made": "Eres el tomador: {contract}.",
    "terminal.you.king_called": "Llamas: {card}.",
    "terminal.you.slam_announced": "¡Anuncias un slam!",
    "terminal.you.petit_chelem_announced": "¡Anuncias un petit chelem!",
    "terminal.you.poignee_shown": "Muestras una poignée {level}: {cards}.",
    "terminal.you.misere_declared": "Declaras una misère.",
    "terminal.you.misere_declared.trumps": "Declaras una misère de triunfos.",
    "terminal.you.misere_declared.faces": "Declaras una misère de figuras.",
    "terminal.you_hold_called": (
        "Tienes la carta llamada, {card}: eres la pareja de {name}, y nadie lo sabe hasta que"
        " la juegues."
    ),
    "terminal.partner_revealed": "Se juega {card}: {partner} es la pareja de {name}.",
    "terminal.you.partner_revealed": "Se juega {card}: {partner} es tu pareja.",
    "terminal.partner_you": "Se juega {card}: ahora todos saben que eres la pareja de {name}.",
    "terminal.taker_alone": (
        "La carta llamada, {card}, es del propio tomador: {name} juega en solitario."
    ),
    "terminal.you.taker_alone": "La carta llamada, {card}, es tuya: juegas en solitario.",
    "terminal.petit_sec": "{name} tiene el Petit sec: {cards}.",
    "terminal.you.petit_sec": "Tienes el Petit sec: {cards}.",
    "terminal.deal_again": ("No cuenta: la mano {n} de {m} se vuelve a repartir."),
    "terminal.you.score.contract": "Tomaste: {contract}.",
    "terminal.you.score.contract_partner": "Tomaste: {contract}, en pareja con {partner}.",
    "terminal.you.score.contract_alone": "Tomaste: {contract}, y jugaste en solitario.",
    "terminal.score.contract_you_partner": "{name} tomó: {contract}, en pareja contigo.",
    "terminal.ecart": "El descarte de {name}: {cards}",
    "terminal.you.ecart": "Tu descarte: {cards}",
    "terminal.chien_unseen": "El perro, sin mostrar durante la mano: {cards}",
    "terminal.you.game_finished": "La partida ha terminado: ganas con {score}.",
    "terminal.totals": ("Totales tras {count:plural:one=# mano|other=# manos} de {m}: {totals}"),
    "terminal.abandoned": "Partida abandonada.",
    "terminal.not_understood": "No entendido: «{answer}».",
    "terminal.type": "Escribe {accepted}.",
    "terminal.help": (
        "Aquí puedes escribir {accepted}. En cualquier pregunta: {score} para los totales,"
        " {review} para el análisis de la última mano por el entrenador, {quit} para dejar la"
        " partida."
    ),
    "terminal.ask.bid": "Tu apuesta ({choices}):",
    "terminal.ask.call": "Llama una carta: quien la tenga será tu pareja ({choices}):",
    "terminal.ask.ecart": (
        "Tu descarte: {count:plural:one=# carta|other=# cartas} (ni reyes ni oudlers):"
    ),
    "terminal.accept.ecart": (
        "{count:plural:one=# carta|other=# cartas} de tu mano, separadas por espacios (ni"
        " reyes ni oudlers; un triunfo solo si no queda otra)"
    ),
    "terminal.ask.slam": "¿Anunciar un slam? ({choices}):",
    "terminal.misere": "una misère",
    "terminal.ask.misere": "¿Declarar {what}? ({choices}):",
    "terminal.poignee_offer": (
        "Puedes mostrar una poignée {level} ({count} cartas); se muestran por defecto tus"
        " triunfos más bajos: {cards}"
    ),
    "terminal.ask.poignee": "¿Mostrar una poignée? ({choices}, o las cartas a mostrar):",
    "terminal.accept.poignee": "{choices}, o las cartas a mostrar, separadas por espacios",
    "terminal.ask.lead": "Tu salida ({choices}):",
    "terminal.ask.play": "Tu carta ({choices}):",
    "challenge.label": "n.º {id} · {day} · {deals} manos a {players}",
    "challenge.label.instance": "n.º {id} · de todos · {day} · {deals} manos a {players}",
    "challenge.post": (
        "**Desafío n.º {id}** · {deals} manos a {players} jugadores · cierra {closes}\nTodos "
        "juegan las mismas cartas, solos contra jugadores de la computadora, y se comparan mano a "
        "mano con los demás y con el par (el bot experto en el mismo asiento). Un intento por "
        "persona; los resultados siguen ocultos hasta que hayas jugado."
    ),
    "challenge.rules": "Reglas: {rules}",
    "challenge.play": "Jugar",
    "challenge.started": "Tu desafío está en tus mensajes: {link}",
    "challenge.none_open": (
        "No hay ningún desafío abierto aquí. Un miembro que gestiona el servidor abre uno con "
        "/challenge create."
    ),
    "challenge.no_results": "No hay ningún desafío de este servidor que mostrar.",
    "challenge.mp": "{mp} de los puntos de partido",
    "challenge.mp.alone": "todavía nadie con quien compararte",
    "challenge.deal.unplayed": "no jugada: la puntuación del par, {score}",
    "challenge.deal.passed": "todos pasaron: {score}",
    "challenge.deal.made": "tomaste una {contract} y la cumpliste: {score}",
    "challenge.deal.down": "tomaste una {contract} y fallaste: {score}",
    "challenge.deal.defended": "defendiste: {score}",
    "challenge.par.passed": "el par pasó ({score})",
    "challenge.par.took": "el par tomó una {contract}: {score}",
    "challenge.par.defended": "el par defendió: {score}",
    "challenge.deal": (
        "Mano {n}: {you} ({versus} frente al par; {par}). {took} de {played} tomaron. {mp}."
    ),
    "challenge.row": "{rank}. {name}: {mp}, {versus} frente al par",
    "challenge.unfinished": "(sin terminar)",
    "challenge.results.title": "**Desafío n.º {id}** · {day} · {count} en la clasificación",
    "challenge.results.open": "Sigue abierto: más miembros pueden terminar antes de {closes}.",
    "challenge.results.you": (
        "Tú: puesto {rank} de {count} aquí, {mp}, {versus} frente al par ({total} puntos)."
    ),
    "challenge.results.everywhere": (
        "Entre los jugadores de todos los servidores: puesto {rank} de {count}."
    ),
    "challenge.results.nobody": "Nadie lo ha terminado todavía.",
    "challenge.finished": "**Desafío n.º {id} jugado.**",
    "challenge.review.placeholder": "Revisar una mano…",
    "challenge.review.option": "Mano {n}",
    "challenge.review.title": "**Desafío n.º {id}, mano {n}**",
    "challenge.review.you": "{you} ({versus} frente al par; {mp}).",
    "challenge.review.absent": "No jugaste este desafío.",
    "challenge.review.par.made": "El par tomó una {contract} y la cumplió: {score}.",
    "challenge.review.par.down": "El par tomó una {contract} y falló: {score}.",
    "challenge.review.par.defended": "El par defendió ({taker} tomó una {contract}): {score}.",
    "challenge.review.par.passed": "Con el par, todos pasaron: {score}.",
    "challenge.review.field": (
        "En la clasificación: {played:plural:one=# miembro la jugó|other=# miembros la jugaron};"
        " {took} tomaron, {made} cumplieron. Mejor {best}, mediana {median}, peor {worst}."
    ),
    "challenge.review.field.nobody": "Nadie en la clasificación la ha jugado todavía.",
    "challenge.review.par_name": "Par",
    "cmd.challenge": "Desafíos duplicados: las mismas manos para todos, a tu ritmo",
    "name.challenge.create": "crear",
    "name.challenge.play": "jugar",
    "name.challenge.results": "resultados",
    "name.challenge.ladder": "clasificacion",
    "name.option.month": "mes",
    "cmd.challenge.ladder": "La clasificación del mes de los desafíos diarios",
    "cmd.challenge.ladder.month": "Qué mes, como AAAA-MM (por defecto: este mes, UTC)",
    "challenge.streak": "Racha: {count:plural:one=# día|other=# días}",
    "challenge.ladder.title": (
        "**Clasificación de los desafíos diarios · {month}** · los {best} mejores días de cada uno"
    ),
    "challenge.ladder.row": "{rank}. {name}: {total} · {days:plural:one=# día|other=# días}",
    "challenge.ladder.empty": "Nadie ha jugado el desafío diario de este servidor en {month}.",
    "challenge.ladder.you": (
        "Tú: puesto {rank} de {count}, {total} · {days:plural:one=# día|other=# días}."
    ),
    "challenge.ladder.everywhere": (
        "Clasificación de todos los servidores ({best} mejores días): puesto {rank} de {count},"
        " {total} · {days:plural:one=# día|other=# días}."
    ),
    "challenge.ladder.bad_month": "Un mes se escribe AAAA-MM, por ejemplo {example}.",
    "name.option.challenge": "desafio",
    "cmd.challenge.create": (
        "Abrir un desafío para los miembros de este servidor (Gestionar servidor)"
    ),
    "cmd.challenge.create.deals": "Número de manos (4 por defecto)",
    "cmd.challenge.create.players": "Jugadores en la mesa: de 3 a 6 (4 por defecto)",
    "cmd.challenge.play": "Jugar un desafío, solo, en tus mensajes directos",
    "cmd.challenge.which": "Qué desafío (por defecto: el último abierto)",
    "cmd.challenge.results": "Los resultados de un desafío (una vez que lo hayas jugado)",
    "challenge.daily": "🗓️ **El desafío del día**",
    "challenge.daily.everyone": (
        "También hoy, el desafío de los jugadores de todos los servidores: n.º {id}, en "
        "/challenge play."
    ),
    "challenge.final.title": (
        "**Resultados finales del desafío n.º {id}** ({day}, {count} en la clasificación)"
    ),
    "challenge.intro": (
        "**Desafío n.º {id}**: tu mesa y tu mano siguen aquí. Juega a tu ritmo; nadie juega por ti."
    ),
    "name.option.rules": "reglas",
    "name.option.variants": "variantes",
    "cmd.challenge.create.rules": (
        "Cualquier otra opción de reglas, como nombre=valor (contracts=pousse round_to_ten=on)"
    ),
    "cmd.challenge.create.variants": (
        "Cada mano en tantas variantes, miembros comparados dentro de la suya (1 a 10)"
    ),
    "dm.title_challenge": "Desafío n.º {id}: mano {n} de {m}, estás en el asiento {seat}",
    # ----- el entrenador (bot/render/review.py) ---------------------------------------------
    "review.title": "**Tus decisiones analizadas · partida {id}, mano {n}** ({seat})",
    "review.title.deal": "**Tus decisiones analizadas · mano {n}** ({seat})",
    "review.share.title": (
        "**El juego de {name} revisado por el entrenador · partida {id}, mano {n}**"
    ),
    "review.share.title.deal": "**El juego de {name} revisado por el entrenador · mano {n}**",
    "review.no_decision": "No hay ninguna decisión que analizar en esta mano: todo era forzado.",
    "review.counts": "Decisiones: {counts}",
    "review.count.best": "{count:plural:one=# óptima|other=# óptimas}",
    "review.count.fine": "{count:plural:one=# correcta|other=# correctas}",
    "review.count.inaccuracy": "{count:plural:one=# imprecisión|other=# imprecisiones}",
    "review.count.mistake": "{count:plural:one=# error|other=# errores}",
    "review.count.blunder": "{count:plural:one=# error grave|other=# errores graves}",
    "review.clean": (
        "Ningún error: cada decisión fue la óptima, o igual de buena dentro del margen de la "
        "estimación."
    ),
    "review.cost": "Coste de los errores: {points}",
    "review.points": "{points:plural:one=# punto|other=# puntos}",
    "review.key.title": "Momentos clave:",
    "review.key": "- {kind}: {grade}, coste {points}",
    "review.key.reason": "- {kind}: {grade}, coste {points} — {reason}",
    "review.line.best": "{kind}: {chosen} · {grade}",
    "review.line": "{kind}: {chosen} (la óptima: {best}; coste {points}) · {grade}",
    "review.line.nocost": "{kind}: {chosen} (la óptima: {best}) · {grade}",
    "review.quiet": (
        "Sin listar: {count:plural:one=# decisión óptima o correcta|other=# decisiones "
        "óptimas o correctas}."
    ),
    "review.note": (
        "El experto analiza cada decisión con lo que podías ver en ese momento. Los costes van "
        "en puntos de tu marcador, ± el error típico de la estimación; solo se señala un coste "
        "del que la estimación está segura."
    ),
    "review.margin": "{points} ± {error}",
    "review.kind.bid": "Puja",
    "review.kind.call": "Llamada",
    "review.kind.ecart": "Descarte",
    "review.kind.slam": "Slam",
    "review.kind.poignee": "Poignée",
    "review.kind.play": "Baza {trick}",
    "review.grade.best": "óptima",
    "review.grade.fine": "correcta",
    "review.grade.inaccuracy": "imprecisión",
    "review.grade.mistake": "error",
    "review.grade.blunder": "error grave",
    "review.option.slam.none": "sin slam",
    "review.option.slam.slam": "slam",
    "review.option.slam.petit_chelem": "petit chelem",
    "review.option.no_poignee": "no mostrada",
    "review.option.poignee": "poignée {level}",
    "review.reason.contract_too_high": "un contrato demasiado alto para tus cartas",
    "review.reason.contract_too_low": "un contrato más alto valía más",
    "review.reason.hand_not_taken": "tus cartas merecían tomar",
    "review.reason.petit_exposed": "el Petit puesto en peligro",
    "review.reason.petit_not_saved": "el Petit podía salvarse aquí",
    "review.reason.points_not_fed": "puntos sin cargar en la baza de tu bando",
    "review.reason.points_given": "puntos regalados al otro bando",
    "review.reason.trump_wasted": "un triunfo desperdiciado",
    "review.reason.excuse_timing": "la Excusa jugada a destiempo",
    "review.progress": "Analizando tus decisiones… {done}/{total}",
    "review.busy": (
        "El entrenador está ocupado con otros análisis: vuelve a intentarlo en un minuto."
    ),
    "review.not_seated": "Solo puedes revisar tu propio juego: no tenías asiento en esta mano.",
    "review.not_found": "La partida {id} no tiene una mano {n} terminada que revisar.",
    "review.in_play": (
        "Esta partida sigue en juego: sus manos se pueden revisar cuando haya terminado."
    ),
    "review.challenge": (
        "El entrenador no revisa las manos de un desafío: otros miembros juegan las mismas cartas."
    ),
    "review.no_deal": ("Nada que revisar todavía: ninguna de tus partidas en mesa ha terminado."),
    "review.button": "Revisar mi juego",
    "review.share_button": "Compartir",
    "review.menu_placeholder": "Revisar mi juego en una mano de la partida {id}…",
    "review.menu_option": "Mano {n}",
    "review.shared": "Compartido con la mesa.",
    "terminal.review.hint": (
        "Escribe {review} en la próxima pregunta para que el entrenador analice tus decisiones"
        " de esta mano."
    ),
    "terminal.review.none": (
        "Todavía no se ha puntuado ninguna mano: {review} analiza tus decisiones cuando se"
        " muestra la hoja de puntuación de una mano."
    ),
    "terminal.review.stopped": "Análisis interrumpido.",
    "terminal.ask.review": (
        "La partida ha terminado. Escribe {review} para que el entrenador analice tus"
        " decisiones de la última mano, o pulsa Intro para salir:"
    ),
}
