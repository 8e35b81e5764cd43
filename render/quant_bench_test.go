package render

import (
	"testing"

	"github.com/meeple-works/carcassonne/engine"
)

func BenchmarkToPaletted(b *testing.B) {
	g := playGame(b, engine.Config{Players: []string{"Alice", "Bob", "Carol", "Dave"}, Seed: 11}, 11, -1)
	img := testRenderer().Board(g)
	b.ReportAllocs()
	q := new(quantizer)
	cpu := cpuTime()
	for b.Loop() {
		q.toPaletted(img)
	}
	reportCPU(b, cpu)
	b.ReportMetric(float64(img.Rect.Dx()*img.Rect.Dy())/1e6, "MPx")
}
