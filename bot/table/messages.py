"""What everyone is told after a move, the board images, and the offers (buttons and menus)
stored before a message leaves (a part of ``Table``)."""
from __future__ import annotations

import asyncio
import logging

from railhead.engine import events_for
from railhead.render.panel import owner_colour

from .. import registry
from ..replies import Button, Message, Picture, PlayerPanel, Reply, Select, TableCard
from ..session import Session
from ..store import Offer, new_token
from ..ui import GameUI
from .offers import bind, dedupe

log = logging.getLogger("railhead.table")


def rgb(colour: tuple[int, int, int]) -> int:
    """An ``(r, g, b)`` colour as Discord's 0xRRGGBB integer."""
    r, g, b = colour
    return (r << 16) | (g << 8) | b


class Messages:
    """What everyone is told after a move, the board images, and the offers (buttons and menus)
    stored for them (a part of ``Table``)."""

    def turn(self, session: Session, events: list[dict], header: str = "", actor: int | None = None,
              remind: bool = True) -> Reply:
        """What everyone is told after a move: the channel message (public events, prompts with
        mentions of newly prompted seats, buttons), private events and secret prompts by DM, and
        the actor's private events as an ephemeral answer. ``remind=False`` (``/game board``)
        lists every prompt by name, pings nobody and sends no DMs."""
        match = session.match
        ui = self.ui(session.row.game)
        public_view = match.view(None)
        lines = [header] if header else []
        lines += [e["text"] for e in events_for(events, None) if e.get("text")]
        channel = Message("", components=[])
        direct: dict[int, Message] = {}
        caller: Message | None = None
        for seat, info in enumerate(session.seats):
            mine = [e["text"] for e in events if "to" in e and seat in e["to"] and e.get("text")]
            if not mine:
                continue
            if seat == actor:
                caller = Message("\n".join(mine))
            elif info.reachable and not info.dm_closed:          # an AI seat is never sent a DM
                direct[info.user_id] = Message("\n".join(mine))
        outcome = match.outcome()
        prompt_lines: list[str] = []
        if outcome is not None:
            lines.append(ui.outcome_text(public_view, outcome))
        else:
            seq = match.core.seq
            waiting = []
            for prompt in match.prompts():
                info = session.seats[prompt["seat"]]
                if info.ai is not None and not info.removed:      # the table moves for it (robots.py): no
                    who = f"🤖 **{info.name}**"                  # ping, no buttons, no DM; said once, when
                    if prompt["stamp"] != seq:                  # its prompt begins
                        continue
                    prompt_lines.append(f"{who} is thinking about " + ("the undo vote." if prompt["kind"] == "undo_vote"
                                                                   else "a secret choice." if prompt.get("secret")
                                                                   else "its move."))
                    continue
                if remind and prompt["stamp"] != seq:
                    waiting.append(info.name)      # pinged when their prompt began; its buttons again
                    if not prompt.get("secret"):
                        channel.components += self._prompt_components(session, prompt)
                    continue
                who = f"**{info.name}**"
                # the player who just moved and moves on (a turn of several moves) is not pinged again;
                # a secret prompt always comes by DM with its menu
                going_on = prompt["seat"] == actor and len(session.seats) > 1 and not prompt.get("secret")
                if remind and not going_on and info.reachable:
                    channel.mentions.append(info.user_id)
                    who = f"<@{info.user_id}>"
                if prompt["kind"] == "undo_vote":
                    prompt_lines.append(f"{who}, do you agree to take back {session.names[prompt['by']]}'s move?")
                else:
                    prompt_lines.append(ui.prompt_text(public_view, match.game.read_prompt(prompt), who))
                components = self._prompt_components(session, prompt)
                if prompt.get("secret"):
                    if remind and not going_on and not info.dm_closed and components and info.reachable:
                        direct.setdefault(info.user_id, Message(""))
                        dm = direct[info.user_id]
                        dm.text = "\n".join(t for t in (dm.text, f"Your move in <#{session.row.channel_id}>: "
                                                       + ui.prompt_text(match.view(prompt["seat"]),
                                                                        match.game.read_prompt(prompt), "you"))
                                            if t)
                        dm.components += components
                else:
                    channel.components += components
            if waiting:
                prompt_lines.append(f"Still waiting for {', '.join(waiting)}.")
            channel.components = dedupe(channel.components)[:20]
            channel.components.append(Button("My hand", {"type": "_hand"}))
        channel.text = "\n".join(lines + prompt_lines)
        card = self._card(session, public_view, prompt_lines, channel.components, outcome is not None)
        channel.components = []
        card.repost = not remind
        return Reply(channel=channel, caller=caller, direct=direct,
                     channel_id=session.row.channel_id, game_id=session.row.id, table=card)

    def ended_card(self, session: Session, why: str) -> TableCard:
        """The last table card of a game ended without its final scores (``/game abandon``): no
        buttons or menus, no accent, ``why`` in place of the prompt, the pictures shown kept. Given
        as ``Reply.table``, it edits the game's table message as a finished game's last card does."""
        return self._card(session, session.match.view(None), [], [], True, ending=why)

    def _card(self, session: Session, view: dict, prompt_lines: list[str], components: list[Button | Select],
              over: bool, ending: str = "The game is over: the final scores are below.") -> TableCard:
        """The game's table card (``TableCard``): the status's first line as its title, the prompt
        lines, a panel per player (``GameUI.public_players``, public view only), the accent of the
        first seat the game waits on, and the prompt's components (none once the game is over,
        when ``ending`` stands in place of the prompt)."""
        ui, match = self.ui(session.row.game), session.match
        title = (ui.status_text(view) or "").split("\n")[0] or f"**{registry.game(session.row.game).name}**"
        facts = ui.public_players(view)
        waiting = [] if over else [p["seat"] for p in match.prompts()]
        panels = [PlayerPanel(name, facts[seat] if seat < len(facts) else "", rgb(owner_colour(seat)),
                              seat in waiting) for seat, name in enumerate(session.names)]
        prompt = "\n".join(prompt_lines) if not over else ending
        return TableCard(title, prompt, panels, colour=rgb(owner_colour(waiting[0])) if waiting else None,
                         components=list(components), seq=match.core.seq, final=over)

    def _prompt_components(self, session: Session, prompt: dict) -> list[Button | Select]:
        seat = prompt["seat"]
        if prompt["kind"] == "undo_vote":
            components: list[Button | Select] = [
                Button("Agree to undo", {"type": "undo_vote", "agree": True}, "success"),
                Button("Refuse", {"type": "undo_vote", "agree": False}, "danger")]
            for c in components:
                c.stamp = prompt["stamp"]
            return components
        components = self.ui(session.row.game).prompt_components(self._context(session, seat),
                                                                 session.match.game.read_prompt(prompt))
        return bind(components, seat, prompt["stamp"])

    async def with_board(self, session: Session, reply: Reply, close: list[str] | None = None, **options) -> Reply:
        """Attach the board to the channel message; a failure here comes after the commit, so the
        message says the move was made and the board will follow. ``close``: where the move
        happened (``GameUI.focus``): a close view of those hexes or spaces follows the board, so a
        phone shows what changed without zooming."""
        if not self.render or (reply.channel is None and reply.table is None):
            return reply
        ui, view = self.ui(session.row.game), session.match.view(None)
        try:
            image = await self._render(ui, view, **options)
        except Exception:
            log.exception("game %s: board not drawn", session.row.id)
            if reply.channel is not None:
                reply.channel.text += "\n(The move was made; the board image could not be drawn. `/game board` " \
                                      "will try again.)"
            return reply
        near = None
        if close:
            try:
                near = await self._render(ui, view, **options, close=list(close))
            except Exception:              # the whole board went out: the close view is a help only
                log.exception("game %s: close view not drawn", session.row.id)
        if reply.table is None:
            reply.channel.image = image
            if near:
                reply.channel.more.append(("close.png", near))
            return reply
        title = reply.table.title.replace("**", "")
        if image:
            reply.table.images = [Picture("board.png", image, f"The whole board: {title}.")]
            if near:
                reply.table.images.append(Picture("close.png", near, "A close view of the last move, around "
                                                  + ", ".join(map(str, close)) + "."))
        return reply

    async def _render(self, ui: GameUI, view: dict, **kwargs) -> bytes | None:
        if not self.render:
            return None
        return await asyncio.to_thread(ui.render, view, **kwargs)

    # ---------------------------------------------------------------- offers
    async def _store_offers(self, tx, game_id: int, components: list[Button | Select]) -> None:
        offers = []
        for c in components:
            if isinstance(c, Button):
                if c.action.get("type") == "_cancel":
                    continue
                token = new_token()
                c.custom_id = f"rh:o:{token}"
                offers.append(Offer(token, game_id, c.seat, c.stamp, c.action))
            else:
                c.custom_id = f"rh:s:{new_token()}"
                for o in c.options:
                    o.value = new_token()
                    offers.append(Offer(o.value, game_id, c.seat, c.stamp, o.action))
        for c in components:          # a Cancel voids the buttons of its message
            if isinstance(c, Button) and c.action.get("type") == "_cancel":
                token = new_token()
                c.custom_id = f"rh:o:{token}"
                voids = [b.custom_id.split(":")[-1] for b in components if isinstance(b, Button) and b is not c]
                offers.append(Offer(token, game_id, c.seat, None, {"type": "_cancel", "voids": voids}))
        await tx.add_offers(offers)

    async def _store_reply_offers(self, tx, game_id: int, reply: Reply) -> None:
        for components in reply.component_lists():
            await self._store_offers(tx, game_id, components)

    async def store_offers_now(self, game_id: int, reply: Reply) -> None:
        """Store the offers of ``reply`` in a transaction of their own (a reply made outside a move)."""
        if any(reply.component_lists()):
            async with self.store.transaction() as tx:
                await self._store_reply_offers(tx, game_id, reply)

    # ---------------------------------------------------------------- the table message
    async def table_message(self, game_id: int) -> int | None:
        """The id of the game's table message in its channel (``None``: not posted yet)."""
        row = await self.store.game(game_id)
        return row.table_message if row is not None else None

    async def set_table_message(self, game_id: int, message_id: int | None) -> None:
        """Remember the game's table message (``bot/discord_io.py`` posts and re-posts it)."""
        async with self.store.transaction() as tx:
            await tx.set_table_message(game_id, message_id)
