package turnview

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/meeple-works/carcassonne/engine"
	"github.com/meeple-works/carcassonne/i18n"
)

// engineRuleErrors names every sentinel error of package engine, the rule
// errors a player may read.
var engineRuleErrors = map[string]error{
	"ErrGameOver": engine.ErrGameOver, "ErrNotInPile": engine.ErrNotInPile, "ErrNotDrawn": engine.ErrNotDrawn,
	"ErrUnknownTile": engine.ErrUnknownTile, "ErrCellTaken": engine.ErrCellTaken, "ErrNoNeighbour": engine.ErrNoNeighbour,
	"ErrEdgesMismatch": engine.ErrEdgesMismatch, "ErrBadRotation": engine.ErrBadRotation, "ErrNoSuchSpot": engine.ErrNoSuchSpot,
	"ErrOccupied": engine.ErrOccupied, "ErrNoFollowers": engine.ErrNoFollowers, "ErrFarmsOff": engine.ErrFarmsOff,
	"ErrCannotDiscard": engine.ErrCannotDiscard, "ErrBadOption": engine.ErrBadOption, "ErrPlayers": engine.ErrPlayers,
	"ErrNotAPlayer": engine.ErrNotAPlayer, "ErrResigned": engine.ErrResigned, "ErrUnknownExpander": engine.ErrUnknownExpander,
	"ErrOutOfTurn": engine.ErrOutOfTurn, "ErrRiver": engine.ErrRiver, "ErrUTurn": engine.ErrUTurn,
	"ErrNoSuchFigure": engine.ErrNoSuchFigure, "ErrNoEscape": engine.ErrNoEscape, "ErrWrongStep": engine.ErrWrongStep,
	"ErrCannotSetAside": engine.ErrCannotSetAside, "ErrMustSetAside": engine.ErrMustSetAside, "ErrNotYours": engine.ErrNotYours,
	"ErrNoTower": engine.ErrNoTower, "ErrTowerClosed": engine.ErrTowerClosed, "ErrNoTowerPieces": engine.ErrNoTowerPieces,
	"ErrNoCapture": engine.ErrNoCapture, "ErrNoRansom": engine.ErrNoRansom, "ErrDragon": engine.ErrDragon,
	"ErrVolcano": engine.ErrVolcano, "ErrPrincess": engine.ErrPrincess, "ErrFairy": engine.ErrFairy,
	"ErrPortal": engine.ErrPortal, "ErrDragonTile": engine.ErrDragonTile, "ErrOneAction": engine.ErrOneAction,
	"ErrBadAnswer": engine.ErrBadAnswer, "ErrCrop": engine.ErrCrop, "ErrFerry": engine.ErrFerry,
	"ErrNoFlight": engine.ErrNoFlight, "ErrNoLanding": engine.ErrNoLanding, "ErrNoGold": engine.ErrNoGold,
	"ErrMagic": engine.ErrMagic, "ErrScoreChoice": engine.ErrScoreChoice,
}

// TestRuleErrorEveryLanguage: every rule error of the engine reads in
// English as its own text made a sentence, and in every other language as
// a sentence of its own, not the English one; a *engine.MoveError and an
// error wrapping a rule read as the rule; other errors are not rules.
func TestRuleErrorEveryLanguage(t *testing.T) {
	for name, rule := range engineRuleErrors {
		en, ok := In(i18n.English).RuleError(rule)
		if want := strings.ToUpper(rule.Error()[:1]) + rule.Error()[1:] + "."; !ok || en != want {
			t.Errorf("English %s: %q, %v; want %q, true", name, en, ok, want)
		}
		for _, l := range i18n.Supported()[1:] {
			got, ok := In(l).RuleError(rule)
			switch {
			case !ok || got == "" || strings.HasPrefix(got, "turn.error."):
				t.Errorf("%s %s: %q, %v: no message", l, name, got, ok)
			case got == en:
				t.Errorf("%s %s: %q is the English text", l, name, got)
			case !strings.HasSuffix(got, "."):
				t.Errorf("%s %s: %q is not a sentence (no full stop)", l, name, got)
			}
			me := &engine.MoveError{Err: rule, Reason: "the reason in the engine's English"}
			if wrapped, ok := In(l).RuleError(fmt.Errorf("a move: %w", me)); !ok || wrapped != got {
				t.Errorf("%s %s in a *MoveError: %q, %v; want %q", l, name, wrapped, ok, got)
			}
		}
	}
	for _, err := range []error{nil, errors.New("the tile's edges do not match its neighbours"), ErrNotOffered} {
		if got, ok := In(i18n.German).RuleError(err); ok || got != "" {
			t.Errorf("RuleError(%v) = %q, %v; want \"\", false", err, got, ok)
		}
	}
}

// TestRuleErrorOfAMove: the engine's refusal of a tile placed where its
// edges do not match reads in German as the rule it breaks.
func TestRuleErrorOfAMove(t *testing.T) {
	g := newGame(t, 0, 1)
	var refused error
	for _, c := range []engine.Cell{{X: 1}, {X: -1}, {Y: 1}, {Y: -1}} {
		for r := engine.Rotation(0); r < 4; r++ {
			if _, err := g.Clone().Act(engine.Answer{Step: engine.StepTile, Cell: c, Rotation: r}); errors.Is(err, engine.ErrEdgesMismatch) {
				refused = err
			}
		}
	}
	var me *engine.MoveError
	if !errors.As(refused, &me) {
		t.Fatalf("no placement next to the start tile was refused with a *MoveError wrapping ErrEdgesMismatch: %v", refused)
	}
	if got, ok := In(i18n.German).RuleError(refused); !ok || got != "Die Kanten der Karte passen nicht zu ihren Nachbarn." {
		t.Errorf("German: %q, %v", got, ok)
	}
	if got, ok := In(i18n.French).RuleError(refused); !ok || got != "Les bords de la tuile ne correspondent pas à ses voisines." {
		t.Errorf("French: %q, %v", got, ok)
	}
}

// TestEveryEngineRuleErrorNamed: the test names every sentinel error the
// engine's source declares with errors.New at package level, so that a
// new rule error fails the test until it has its messages.
func TestEveryEngineRuleErrorNamed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "engine", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the engine's source: %v", err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for k, n := range vs.Names {
					if k >= len(vs.Values) || !isErrorsNew(vs.Values[k]) {
						continue
					}
					found++
					if _, ok := engineRuleErrors[n.Name]; !ok {
						t.Errorf("engine.%s (%s) has no messages turn.error.…: add it to ruleErrors, engineRuleErrors and errors.<tag>.toml", n.Name, fset.Position(n.Pos()))
					}
				}
			}
		}
	}
	if found != len(engineRuleErrors) {
		t.Errorf("the engine declares %d rule errors, the test names %d", found, len(engineRuleErrors))
	}
}

// isErrorsNew reports whether e is a call errors.New(…).
func isErrorsNew(e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "errors" && sel.Sel.Name == "New"
}
