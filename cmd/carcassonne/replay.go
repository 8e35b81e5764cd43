package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/meeple-works/carcassonne/engine"
)

// replayCmd is `carcassonne replay [--json] FILE.rec`.
type replayCmd struct {
	JSON bool   `name:"json" help:"Print the result as JSON."`
	File string `arg:"" name:"file" help:"The game record (.rec)." type:"path"`
}

// replayJSON is the shape printed by --json.
type replayJSON struct {
	// Expansions are the expansions played, record names, "base" first.
	Expansions []string     `json:"expansions"`
	Players    []playerJSON `json:"players"`
	Ended      bool         `json:"ended"`
	Next       string       `json:"next"`
	Turn       int          `json:"turn"`
	Drawn      string       `json:"drawn,omitempty"`
	TilesLeft  int          `json:"tiles_left"`
	Events     []eventJSON  `json:"events"`
	// LastMessage is the last Message tile turned up (The Messengers).
	LastMessage *messageJSON `json:"last_message,omitempty"`
}

// messageJSON is a Message tile turned up (The Messengers): its number
// (rule text 001's), its effect in words, who turned it up in which turn,
// and whether it was carried out or its 2 points taken.
type messageJSON struct {
	Message int    `json:"message"`
	Title   string `json:"title"`
	Player  string `json:"player"`
	Turn    int    `json:"turn"`
	Used    bool   `json:"used"`
}

// robberJSON is a robber on the scoreboard (The Robbers): its space, 0 to
// 49, and the pawn it stands by ("marker" or "messenger").
type robberJSON struct {
	Space int    `json:"space"`
	Pawn  string `json:"pawn"`
}

type playerJSON struct {
	Name   string `json:"name"`
	Score  int    `json:"score"`
	Supply int    `json:"supply"`
	// Large is the number of large followers in supply (0 or 1), only
	// with Inns & Cathedrals.
	Large *int `json:"large,omitempty"`
	// Builder and Pig are the builders and pigs in supply (0 or 1 each),
	// and Goods the goods tokens held, only with Traders & Builders.
	Builder *int       `json:"builder,omitempty"`
	Pig     *int       `json:"pig,omitempty"`
	Goods   *goodsJSON `json:"goods,omitempty"`
	// Marker and Messenger are the values of the score marker and the
	// messenger, only with The Messengers while the messengers are on the
	// scoreboard (Score is their sum).
	Marker    *int `json:"marker,omitempty"`
	Messenger *int `json:"messenger,omitempty"`
	// Robber is where the player's robber stands, only with The Robbers
	// and while it is on the scoreboard.
	Robber *robberJSON `json:"robber,omitempty"`
}

// goodsJSON are a player's goods tokens by kind (Traders & Builders).
type goodsJSON struct {
	Wine  int `json:"wine"`
	Grain int `json:"grain"`
	Cloth int `json:"cloth"`
}

type eventJSON struct {
	Turn     int    `json:"turn"`
	Player   string `json:"player"`
	Feature  string `json:"feature"`
	Points   int    `json:"points"`
	Final    bool   `json:"final"`
	Complete bool   `json:"complete"`
	Tiles    int    `json:"tiles,omitempty"`
	Pennants int    `json:"pennants,omitempty"`
	Cities   int    `json:"cities,omitempty"`
	// Source is what scored when it is not a feature: "King" or "Robber
	// Baron" (King & Robber Baron), "goods" (a goods majority of Traders &
	// Builders at the end).
	Source string `json:"source,omitempty"`
	// Good is the good of a goods majority: "wine", "grain" or "cloth";
	// Tiles is then the number of tokens.
	Good string `json:"good,omitempty"`
	// Pig tells that the player's pig added to the farm's points (Traders
	// & Builders).
	Pig bool `json:"pig,omitempty"`
	// Messenger tells that the points moved the player's messenger (The
	// Messengers); Message is the Message tile of a "message" event and
	// Carried whether it was carried out; Robbed is the player a
	// "robbery" event robbed (The Robbers).
	Messenger bool   `json:"messenger,omitempty"`
	Message   int    `json:"message,omitempty"`
	Carried   bool   `json:"carried,omitempty"`
	Robbed    string `json:"robbed,omitempty"`
}

// Run replays the record; a bad record fails with FILE:LINE: reason.
func (c *replayCmd) Run(e *env) error {
	g, err := loadRecord(c.File)
	if err != nil {
		return err
	}
	if c.JSON {
		return writeReplayJSON(e.stdout, g)
	}
	writeReplayText(e.stdout, g)
	return nil
}

// loadRecord reads and replays a record file; errors read "FILE:LINE: reason".
func loadRecord(path string) (*engine.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("%s: %v", path, pe.Err)
		}
		return nil, err
	}
	defer f.Close()
	rec, err := engine.ReadRecord(f)
	if err == nil {
		var g *engine.Game
		if g, err = rec.Replay(); err == nil {
			return g, nil
		}
	}
	var re *engine.RecordError
	if errors.As(err, &re) && re.Line > 0 {
		return nil, fmt.Errorf("%s:%d: %s", path, re.Line, re.Reason)
	}
	return nil, fmt.Errorf("%s: %v", path, err)
}

func replayResult(g *engine.Game) replayJSON {
	names := g.Players()
	out := replayJSON{Ended: g.Ended(), Next: names[g.Current()], Turn: g.Turn(), TilesLeft: g.TilesLeft(), Events: []eventJSON{}}
	for _, e := range g.Rules().Expansions.List() {
		out.Expansions = append(out.Expansions, e.String())
	}
	large := slices.Contains(g.Rules().Figures(), engine.FigureLarge)
	traders := g.Rules().Expansions.Has(engine.ExpansionTradersAndBuilders)
	if t, ok := g.Drawn(); ok {
		out.Drawn = g.TileSet().Name(t)
	}
	for i, n := range names {
		p := playerJSON{Name: n, Score: g.Score(i), Supply: g.Supply(i)}
		if large {
			n := g.SupplyOf(i, engine.FigureLarge)
			p.Large = &n
		}
		if traders {
			b, pig, goods := g.SupplyOf(i, engine.FigureBuilder), g.SupplyOf(i, engine.FigurePig), g.Goods(i)
			p.Builder, p.Pig = &b, &pig
			p.Goods = &goodsJSON{Wine: goods[engine.GoodWine], Grain: goods[engine.GoodGrain], Cloth: goods[engine.GoodCloth]}
		}
		if v, ok := g.Messenger(i); ok {
			marker := g.Marker(i)
			p.Marker, p.Messenger = &marker, &v
		}
		if r, ok := g.Robber(i); ok {
			p.Robber = &robberJSON{Space: r.Space, Pawn: r.Pawn.String()}
		}
		out.Players = append(out.Players, p)
	}
	if d, ok := g.LastMessage(); ok {
		out.LastMessage = &messageJSON{Message: int(d.Message), Title: d.Message.Title(), Player: names[d.Player], Turn: d.Turn, Used: d.Used}
	}
	for _, ev := range g.Events() {
		e := eventJSON{
			Turn: ev.Turn, Player: names[ev.Player], Feature: ev.Feature.String(), Points: ev.Points,
			Final: ev.Final, Complete: ev.Complete, Tiles: ev.Tiles, Pennants: ev.Pennants, Cities: ev.Cities,
		}
		if ev.Source != engine.SourceFeature {
			e.Source = ev.Source.String()
		}
		if ev.Source == engine.SourceGoods {
			for d := range engine.NumGoods {
				if ev.Markers&d.Marker() != 0 {
					e.Good = d.String()
				}
			}
		}
		e.Pig = ev.Pig
		e.Messenger, e.Message, e.Carried = ev.Messenger, int(ev.Message), ev.Carried
		if ev.Source == engine.SourceRobbery && ev.Tiles >= 0 && ev.Tiles < len(names) {
			e.Robbed = names[ev.Tiles]
		}
		out.Events = append(out.Events, e)
	}
	return out
}

func writeReplayJSON(w io.Writer, g *engine.Game) error {
	enc := json.NewEncoder(w)
	return enc.Encode(replayResult(g))
}

func writeReplayText(w io.Writer, g *engine.Game) {
	r := replayResult(g)
	if r.Ended {
		fmt.Fprintf(w, "The game is over after turn %d.\n", r.Turn-1)
	} else {
		fmt.Fprintf(w, "Turn %d: %s plays tile %s; %d tiles left.\n", r.Turn, r.Next, r.Drawn, r.TilesLeft)
	}
	if len(r.Expansions) > 1 {
		var titles []string
		for _, e := range g.Rules().Expansions.List()[1:] {
			titles = append(titles, e.Title())
		}
		fmt.Fprintf(w, "Expansions: %s.\n", strings.Join(titles, ", "))
	}
	for _, p := range r.Players {
		noun := "followers"
		if p.Supply == 1 {
			noun = "follower"
		}
		line := fmt.Sprintf("  %-16s %4d points  %d %s in supply", p.Name, p.Score, p.Supply, noun)
		var figures []string
		for _, f := range []struct {
			n    *int
			name string
		}{{p.Large, "the large follower"}, {p.Builder, "the builder"}, {p.Pig, "the pig"}} {
			if f.n != nil && *f.n > 0 {
				figures = append(figures, f.name)
			}
		}
		switch len(figures) {
		case 0:
		case 1:
			line += " and " + figures[0]
		default:
			line += " and " + strings.Join(figures[:len(figures)-1], ", ") + " and " + figures[len(figures)-1]
		}
		if p.Goods != nil {
			line += fmt.Sprintf(" · goods: %d wine, %d grain and %d cloth", p.Goods.Wine, p.Goods.Grain, p.Goods.Cloth)
		}
		fmt.Fprintln(w, line)
	}
	if len(r.Events) > 0 {
		fmt.Fprintln(w, "Scores:")
	}
	for _, ev := range r.Events {
		when := fmt.Sprintf("turn %d", ev.Turn)
		if ev.Final {
			when = "final"
		}
		what := ev.Feature
		if ev.Source != "" {
			what = ev.Source
		}
		if ev.Good != "" {
			what += " (" + ev.Good + ")"
		}
		if ev.Pig {
			what += " with the pig"
		}
		fmt.Fprintf(w, "  %-8s %-16s %-8s %+d\n", when, ev.Player, what, ev.Points)
	}
}
