# Railhead in a container: `docker build -t railhead .` then
# `docker run -e DISCORD_TOKEN=... -v railhead-data:/data railhead`
# (CI does not build this image: the CI machines have no Docker daemon.)
FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
COPY data ./data
# A regular (non-editable) install: the data/*.toml files ship inside the package, and
# every dependency is held to the exact version in constraints.txt.
RUN pip install --no-cache-dir -c constraints.txt . \
    && rm -rf build *.egg-info
ENV RAILHEAD_DB=/data/railhead.sqlite3
VOLUME ["/data"]
CMD ["railhead", "run"]
