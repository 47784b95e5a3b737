# Railhead in a container (README, "Connecting to Discord", **Docker:**):
#   docker build -t railhead .
#   docker run -d --name railhead -e DISCORD_TOKEN=... -v railhead-data:/data railhead
# Several processes over PostgreSQL: docker-compose.yml (README, "Running several processes").
# CI does not build this image (its machines have no Docker daemon); tests/test_docker.py
# checks this file against the README and .dockerignore instead.
FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# libfribidi: Pillow's wheels bring the raqm text layout but load FriBiDi from the system; without
# it board text is laid out by Pillow's basic engine, as it is not on a developer's machine.
RUN apt-get update && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY pyproject.toml setup.py README.md constraints.txt ./
COPY railhead ./railhead
COPY engine ./engine
COPY ai ./ai
COPY render ./render
COPY bot ./bot
COPY data ./data
# A regular (non-editable) install, under the one name railhead (railhead.engine, railhead.bot,
# ...: setup.py): the data/*.toml files ship inside the package, and
# every dependency is held to the exact version in constraints.txt. Always with the postgres
# extra (asyncpg, one small wheel with no dependencies, imported only for a postgresql:// URL),
# so one image serves the SQLite default and docker-compose.yml's shards over PostgreSQL.
RUN pip install --no-cache-dir -c constraints.txt '.[postgres]' \
    && rm -rf build *.egg-info
# The bot runs as an unprivileged user that owns /data, where the games are kept (a volume), and
# its home, the working folder (`railhead local` writes its boards to railhead-boards/ there).
RUN useradd --system --uid 10001 --home-dir /home/railhead --create-home --shell /usr/sbin/nologin railhead \
    && mkdir -p /data && chown railhead:railhead /data
WORKDIR /home/railhead
ENV RAILHEAD_DB=/data/railhead.sqlite3 \
    RAILHEAD_HEARTBEAT=/tmp/railhead.heartbeat \
    RAILHEAD_LOG=info
VOLUME ["/data"]
USER railhead
# Healthy while the database can be read and the bot's heartbeat (a read through its store,
# every 30 s) is at most 120 s old: a wedged bot or an unusable database turns it unhealthy.
HEALTHCHECK --interval=60s --timeout=15s --start-period=60s --retries=3 CMD ["railhead", "health"]
# `docker stop` sends SIGTERM: the moves in progress finish and the store closes, within its 10 s.
STOPSIGNAL SIGTERM
CMD ["railhead", "run"]
