"""Game views as Discord embeds, within Discord's limits."""

from __future__ import annotations

import discord

from bot.render.dungeon import GameView

DESCRIPTION_LIMIT = 4096
COLOURS = {"active": 0x8B5CF6, "won": 0x22C55E, "lost": 0xEF4444, "closed": 0x6B7280}


def game_embed(
    view: GameView, *, game_id: int, player: str, colour: str, notice: str = ""
) -> discord.Embed:
    lines = [*view.narration, *([f"\n{notice}"] if notice else [])]
    embed = discord.Embed(
        title=view.title[:256],
        description="\n".join(lines)[-DESCRIPTION_LIMIT:] or None,
        colour=COLOURS[colour],
    )
    embed.set_author(name=f"{player}'s dungeon"[:256])
    for field in view.fields[:25]:
        embed.add_field(name=field.name[:256], value=field.value[:1024], inline=field.inline)
    footer = f"Game #{game_id}" + (f" · {view.footer}" if view.footer else "")
    embed.set_footer(text=footer[:2048])
    return embed


def notice_embed(text: str) -> discord.Embed:
    return discord.Embed(description=text[:DESCRIPTION_LIMIT], colour=COLOURS["closed"])
