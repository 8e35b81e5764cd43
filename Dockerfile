# Carcassonne for Discord: the bot in a small image.
#   docker build -t carcassonne .
#   docker run -e DISCORD_TOKEN=... -v carcassonne-data:/data carcassonne

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# A static binary: the SQLite driver is pure Go, so no cgo is needed.
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/carcassonne ./cmd/carcassonne \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/carcassonne /usr/local/bin/carcassonne
# The database lives in a volume, owned by the image's non-root user (65532).
COPY --from=build --chown=65532:65532 /out/data /data
VOLUME /data
WORKDIR /data
ENV CARCASSONNE_DB=/data/carcassonne.db
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/carcassonne"]
CMD ["bot"]
