package terminal

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
	"github.com/meeple-works/carcassonne/render"
)

// writeFileAtomic writes a file through write: into a new file next to
// path (".NAME.*.tmp", registered in temps), renamed to path once complete,
// so that a reader never sees half a file. The temporary file is removed
// whatever happens: write failing or panicking, the rename failing.
func writeFileAtomic(temps *tempFiles, path string, write func(io.Writer) error) (err error) {
	f, err := temps.create(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	renamed := false
	defer func() {
		if !renamed {
			f.Close()
			os.Remove(f.Name())
		}
		temps.forget(f.Name())
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	renamed = true
	return nil
}

// tempFiles are the temporary files being written, so that an interrupt can
// remove them before the program exits.
type tempFiles struct {
	mu      sync.Mutex
	paths   map[string]bool
	stopped bool // removeAll was called: no new file may be made
}

// create makes a temporary file in dir, as os.CreateTemp, and registers it.
// It fails once removeAll has been called.
func (t *tempFiles) create(dir, pattern string) (*os.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return nil, errors.New("the program is stopping")
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if t.paths == nil {
		t.paths = map[string]bool{}
	}
	t.paths[f.Name()] = true
	return f, nil
}

// forget unregisters a temporary file that was renamed or removed.
func (t *tempFiles) forget(path string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.paths, path)
}

// removeAll removes every registered file and refuses new ones.
func (t *tempFiles) removeAll() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	for p := range t.paths {
		os.Remove(p)
		delete(t.paths, p)
	}
}

// boardWriter writes the picture of the board to a file in the background,
// so that the prompt does not wait for it; when moves come faster than
// pictures (a script), only the latest position is drawn.
type boardWriter struct {
	r     *render.Renderer
	path  string
	temps *tempFiles
	next  chan boardJob // holds at most the latest job
	wg    sync.WaitGroup
	mu    sync.Mutex
	err   error // the last write's error, until taken
}

// boardJob is one picture to write: a copy of the game, and whether to draw
// the final scoring.
type boardJob struct {
	g     *engine.Game
	final bool
}

// newBoardWriter starts a writer of pictures to path, through temporary
// files registered in temps.
func newBoardWriter(path string, temps *tempFiles, l i18n.Lang) *boardWriter {
	b := &boardWriter{r: render.New().In(l), path: path, temps: temps, next: make(chan boardJob, 1)}
	go b.run()
	return b
}

func (b *boardWriter) run() {
	for j := range b.next {
		err := writeFileAtomic(b.temps, b.path, func(w io.Writer) error {
			if j.final {
				return b.r.FinalPNG(w, j.g)
			}
			return b.r.BoardPNG(w, j.g)
		})
		b.mu.Lock()
		b.err = err
		b.mu.Unlock()
		b.wg.Done()
	}
}

// update asks for the picture of g during a turn; updateFinal for the
// final one. Both copy g and replace a picture not yet started.
func (b *boardWriter) update(g *engine.Game)      { b.send(boardJob{g: g.Clone()}) }
func (b *boardWriter) updateFinal(g *engine.Game) { b.send(boardJob{g: g.Clone(), final: true}) }

func (b *boardWriter) send(j boardJob) {
	b.wg.Add(1)
	select {
	case <-b.next:
		b.wg.Done()
	default:
	}
	b.next <- j // only this goroutine sends, and the buffer is now empty
}

// flush waits for the pictures asked for and returns the last error.
func (b *boardWriter) flush() error {
	b.wg.Wait()
	return b.takeErr()
}

// takeErr returns the error of the last picture written, once.
func (b *boardWriter) takeErr() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	err := b.err
	b.err = nil
	return err
}

// close waits for the pictures asked for and stops the writer.
func (b *boardWriter) close() {
	b.wg.Wait()
	close(b.next)
}
