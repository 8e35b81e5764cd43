package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/meeple-works/carcassonne/render"
)

// renderCmd is `carcassonne render FILE.rec [-o board.png]`.
type renderCmd struct {
	File   string `arg:"" name:"file" help:"The game record (.rec)." type:"path"`
	Output string `short:"o" name:"output" help:"The PNG file to write (default: FILE with .png; - for standard output)." placeholder:"board.png"`
}

// Run replays the record and writes the picture of the board as it stands:
// the turn's board with the drawn tile and the cells where it fits, or, when
// the record has ended, the final board with the final scoring table. A bad
// record fails with FILE:LINE: reason.
func (c *renderCmd) Run(e *env) error {
	g, err := loadRecord(c.File)
	if err != nil {
		return err
	}
	r := render.New()
	// The pictures drawn straight in the renderer's palette, the fast path.
	write := r.BoardPNG
	if g.Ended() {
		write = r.FinalPNG
	}
	out := c.Output
	if out == "" {
		out = strings.TrimSuffix(c.File, filepath.Ext(c.File)) + ".png"
	}
	if out == "-" {
		return write(e.stdout, g)
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	if err := write(f, g); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", out, err)
	}
	return f.Close()
}
