# The bot in a slim image, as an unprivileged user, with its SQLite file on a volume.
# The project is built into a wheel first, where a C compiler compiles the solver's search;
# the image the bot runs in gets the wheel, not the compiler.
FROM python:3.11-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY storage ./storage
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_URL=sqlite:////app/data/bot.sqlite3

WORKDIR /app
RUN useradd --create-home --uid 10001 bot

COPY --from=build /wheels /wheels
RUN pip install --no-cache-dir /wheels/*.whl && rm -rf /wheels \
    && mkdir -p /app/data && chown bot:bot /app/data

USER bot
VOLUME ["/app/data"]
# Pass the token at run time: docker run -e DISCORD_TOKEN=... -v bot-data:/app/data IMAGE
CMD ["python", "-m", "bot"]
