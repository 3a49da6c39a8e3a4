# The bot in a slim image, as an unprivileged user, with its SQLite file on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite:////app/data/bot.sqlite3

WORKDIR /app
RUN useradd --create-home --uid 10001 bot

COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY storage ./storage
RUN pip install --no-cache-dir . && mkdir -p /app/data && chown bot:bot /app/data

USER bot
VOLUME ["/app/data"]
# Pass the token at run time: docker run -e DISCORD_TOKEN=... -v bot-data:/app/data IMAGE
CMD ["python", "-m", "bot"]
