package render

import (
	"bytes"
	"image"
	"image/png"
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/meeple-works/carcassonne/engine"
)

// benchBoard renders game g to PNG b.N times and reports the size.
func benchBoard(b *testing.B, g *engine.Game, final bool) {
	r := testRenderer()
	var buf bytes.Buffer
	render := func() {
		buf.Reset()
		var err error
		if final {
			err = r.FinalPNG(&buf, g)
		} else {
			err = r.BoardPNG(&buf, g)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	render() // fill the caches, as a running bot has
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		render()
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// reportCPU reports the processor time per operation since start, in
// milliseconds: on a machine busy with other work it is the benchmark's own
// cost, where ns/op also counts the time spent waiting for a processor.
func reportCPU(b *testing.B, start time.Duration) {
	if d := cpuTime() - start; d > 0 && b.N > 0 {
		b.ReportMetric(float64(d.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkRenderBoard renders a finished 72-tile game (random legal moves,
// so a sprawling board) and encodes it as PNG.
func BenchmarkRenderBoard(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, -1)
	benchBoard(b, g, false)
}

// BenchmarkRenderBoardCompact renders a finished 72-tile game played
// compactly, as people do.
func BenchmarkRenderBoardCompact(b *testing.B) {
	g := compactGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, -1)
	benchBoard(b, g, false)
}

// BenchmarkRenderFinal renders the final picture of a finished 72-tile
// game.
func BenchmarkRenderFinal(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, -1)
	benchBoard(b, g, true)
}

// BenchmarkRenderBoard200 renders a board of 200 tiles (a tile set with the
// base game's tiles three times over, 200 moves of random legal play).
func BenchmarkRenderBoard200(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave", "Eve", "Frank"}, Seed: 5, Tiles: bigTiles(b, 3)}, 5, 199)
	benchBoard(b, g, false)
}

// BenchmarkRenderPreview renders the preview of one placement mid-game and
// encodes it as PNG.
func BenchmarkRenderPreview(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob"}, Seed: 3}, 3, 30)
	r := testRenderer()
	p := g.Placements()[0]
	benchPNG(b, func(w io.Writer) error { return r.PreviewPNG(w, g, p, engine.NoPort) })
}

// benchPNG writes a picture with draw b.N times, once first to fill the
// caches as a running bot has, and reports its processor time and size.
func benchPNG(b *testing.B, draw func(w io.Writer) error) {
	var buf bytes.Buffer
	if err := draw(&buf); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := draw(&buf); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// BenchmarkRenderTurn renders the turn picture (TurnPNG) of a game of four
// players after 40 moves of random legal play, as the bot does every turn.
func BenchmarkRenderTurn(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, 40)
	buf := benchTurnPNG(b, g)
	b.ReportMetric(float64(buf.Len())/1024, "KiB")
}

// BenchmarkEncodeBoard writes the paletted picture of a finished 72-tile
// board (as BoardPNG draws it) with the standard library's PNG encoder at
// png.BestSpeed and with writePalettedPNG, to weigh the compressors.
func BenchmarkEncodeBoard(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, -1)
	r := testRenderer()
	k := r.kits.get()
	img := r.board(k, newScene(g, true), false, r.newPaletted).(palCanvas).img
	r.kits.put(k)
	for _, enc := range []struct {
		name  string
		write func(io.Writer, *image.Paletted) error
	}{
		{"stdlib", func(w io.Writer, p *image.Paletted) error {
			return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, p)
		}},
		{"klauspost", writePalettedPNG},
	} {
		b.Run(enc.name, func(b *testing.B) {
			var buf bytes.Buffer
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				buf.Reset()
				if err := enc.write(&buf, img); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(buf.Len())/1024, "KiB")
		})
	}
}

// BenchmarkAnimate animates a 72-tile base game of four players (random
// legal moves) as the bot does at the end of a game, and reports the
// GIF's size.
func BenchmarkAnimate(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, -1)
	rec := g.Record()
	r := testRenderer()
	var buf bytes.Buffer
	if err := r.Animate(&buf, rec, AnimateOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := r.Animate(&buf, rec, AnimateOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(buf.Len()), "bytes")
}

// BenchmarkTurn250 renders and encodes the turn picture (TurnPNG) of the
// every-expansion fixture after 249 turns: 250 tiles on the board, three
// players, as the bot does every turn late in such a game. It reports the
// processor time and the PNG's size.
func BenchmarkTurn250(b *testing.B) {
	g := lateGame(b, 249)
	buf := benchTurnPNG(b, g)
	b.ReportMetric(float64(buf.Len()), "PNG-bytes")
}

// benchTurnPNG runs the benchmark loop of TurnPNG on game g, reports the
// processor time, and returns the last PNG written.
func benchTurnPNG(b *testing.B, g *engine.Game) *bytes.Buffer {
	r := testRenderer()
	var buf bytes.Buffer
	if err := r.TurnPNG(&buf, g); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuTime()
	for b.Loop() {
		buf.Reset()
		if err := r.TurnPNG(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
	return &buf
}

// BenchmarkRenderPreviewMarks renders a step message's picture
// (PreviewMarksPNG): the tile placed after 30 moves of random legal play,
// with up to six followers of the board marked as the choices, as the bot
// draws an escape's, a landing's or a crop circle's.
func BenchmarkRenderPreviewMarks(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob"}, Seed: 3}, 3, 30)
	r := testRenderer()
	p := g.Placements()[0]
	t, _ := g.Drawn()
	m := engine.Move{Tile: t, Cell: p.Cell, Rotation: p.Rotation, Follower: engine.NoPort}
	var marks []Mark
	for _, f := range g.Followers() {
		if len(marks) < 6 {
			marks = append(marks, Mark{Target: engine.Target{Cell: f.Cell, Port: f.Port}, Label: strconv.Itoa(len(marks) + 1), Text: "knight – city (north) at (" + f.Cell.String() + ")"})
		}
	}
	benchPNG(b, func(w io.Writer) error { return r.PreviewMarksPNG(w, g, m, marks) })
	b.ReportMetric(float64(len(marks)), "marks")
}
