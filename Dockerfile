# Railhead in a container: `docker build -t railhead .` then
# `docker run -e DISCORD_TOKEN=... -v railhead-data:/data railhead`
# (CI does not build this image: the CI machines have no Docker daemon.)
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
COPY data ./data
RUN pip install --no-cache-dir -e .
ENV RAILHEAD_DB=/data/railhead.sqlite3
VOLUME ["/data"]
CMD ["railhead", "run"]
