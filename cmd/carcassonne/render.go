package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/render"
)

// renderCmd is `carcassonne render [--animate] FILE.rec [-o board.png]`.
type renderCmd struct {
	File    string `arg:"" name:"file" help:"The game record (.rec)." type:"path"`
	Output  string `short:"o" name:"output" help:"The file to write (default: FILE with .png, or .gif with --animate; - for standard output)." placeholder:"board.png"`
	Animate bool   `name:"animate" help:"Write an animated GIF of the game, a frame per turn, instead of a picture of the board."`
}

// Run replays the record and writes the picture of the board as it stands:
// the turn's board with the drawn tile and the cells where it fits, or, when
// the record has ended, the final board with the final scoring table; with
// --animate, an animated GIF of the game (a frame per turn and the final).
// A bad record fails with FILE:LINE: reason.
func (c *renderCmd) Run(e *env) error {
	g, err := loadRecord(c.File)
	if err != nil {
		return err
	}
	r := render.New()
	if c.Animate {
		return c.animate(e, r)
	}
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

// animate writes the animated replay of the record (render.Animate, at most
// render.AnimateMaxBytes: the frames shrink to fit) to the output, FILE
// with .gif by default.
func (c *renderCmd) animate(e *env, r *render.Renderer) error {
	data, err := os.ReadFile(c.File)
	if err != nil {
		return err
	}
	rec, err := engine.ReadRecord(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%s: %v", c.File, err)
	}
	var buf bytes.Buffer
	if err := r.Animate(&buf, rec, render.AnimateOptions{}); err != nil {
		return fmt.Errorf("%s: %v", c.File, err)
	}
	out := c.Output
	if out == "" {
		out = strings.TrimSuffix(c.File, filepath.Ext(c.File)) + ".gif"
	}
	if out == "-" {
		_, err := buf.WriteTo(e.stdout)
		return err
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("writing %s: %w", out, err)
	}
	return nil
}
