package storage

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/meeple-works/carcassonne/engine"
)

// ErrSixSeats: a sixth seat needs Inns & Cathedrals, which brings the sixth
// player's followers (spec/rules-options.md, "Inns & Cathedrals": a sixth
// player may join). It wraps engine.ErrPlayers.
var ErrSixSeats = fmt.Errorf("%w: a sixth seat needs Inns & Cathedrals", engine.ErrPlayers)

// ParseExpansions reads the expansions of a game as NewGame.Expansions and
// LobbyUpdate.Expansions take them: record names ("base", "river",
// "inns-and-cathedrals"; spec/record.md, "Expansions"), in any order, "base"
// implied. It returns the set and the names as they are stored, in record
// order with "base" first (engine.ExpansionSet.String split at its commas).
// It returns an error wrapping engine.ErrUnknownExpander, in a player's
// words, for a name that is no expansion or one given twice; the error
// lists the expansions that are played.
func ParseExpansions(names []string) (engine.ExpansionSet, []string, error) {
	var set engine.ExpansionSet
	for _, n := range names {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		e, ok := engine.ParseExpansion(n)
		switch {
		case !ok:
			return 0, nil, fmt.Errorf("%w: there is no expansion %q (%s)", engine.ErrUnknownExpander, n, availableExpansions())
		case e != engine.ExpansionBase && set.Has(e):
			return 0, nil, fmt.Errorf("%w: %s is named twice", engine.ErrUnknownExpander, e)
		}
		set = set.With(e)
	}
	return set, expansionNames(set), nil
}

// availableExpansions says which expansions a game may be set up with.
func availableExpansions() string {
	var names []string
	for _, e := range engine.PlayableExpansions() {
		if e != engine.ExpansionBase {
			names = append(names, e.String())
		}
	}
	return "the expansions available are " + strings.Join(names, ", ")
}

// expansionNames returns the record names of set, "base" first.
func expansionNames(set engine.ExpansionSet) []string {
	var out []string
	for _, e := range set.List() {
		out = append(out, e.String())
	}
	return out
}

// checkSeats refuses maxSeats out of 1 to 6, or 6 without Inns &
// Cathedrals (ErrSixSeats).
func checkSeats(maxSeats int, set engine.ExpansionSet) error {
	if maxSeats < 1 || maxSeats > engine.MaxPlayers {
		return fmt.Errorf("%w: %d seats", engine.ErrPlayers, maxSeats)
	}
	if maxSeats > DefaultMaxSeats && !set.Has(engine.ExpansionInnsAndCathedrals) {
		return ErrSixSeats
	}
	return nil
}

// rulesKey is what composed rules are cached by.
type rulesKey struct {
	set  engine.ExpansionSet
	opts engine.Options
}

// rulesCache holds the rules composed so far: they never change, and a
// game and all its copies share them (engine.Rules).
var rulesCache sync.Map // rulesKey → *engine.Rules

// rulesFor returns the rules of a game with expansions set and options
// opts (engine.NewRules), composed once per process.
func rulesFor(set engine.ExpansionSet, opts engine.Options) (*engine.Rules, error) {
	key := rulesKey{set, opts}
	if r, ok := rulesCache.Load(key); ok {
		return r.(*engine.Rules), nil
	}
	r, err := engine.NewRules(set, opts)
	if err != nil {
		return nil, err
	}
	actual, _ := rulesCache.LoadOrStore(key, r)
	return actual.(*engine.Rules), nil
}

// LobbyUpdate is what UpdateLobby changes in a lobby; the zero value of a
// field keeps what the lobby has.
type LobbyUpdate struct {
	// Expansions, when not nil, replace the expansions played: record names
	// as ParseExpansions reads them; an empty non-nil slice means the base
	// game alone.
	Expansions []string
	// Options, when not nil, replace the rule options.
	Options *engine.Options
	// MaxSeats, when not 0, replaces the number of seats: 1 to 6, 6 only
	// with Inns & Cathedrals, and at least the seats taken.
	MaxSeats int
	// Language, when not nil, replaces the language the game speaks
	// (Game.Language).
	Language *string
}

// UpdateLobby changes the settings of lobby id (its expansions, rule
// options, number of seats, language) and returns the game. The expansions are
// checked as ParseExpansions does and stored in record order, "base"
// first; the options are checked with the engine. A lobby of 6 seats whose
// update leaves out Inns & Cathedrals without naming MaxSeats gets 5 seats,
// if no more than 5 are taken.
//
// It returns ErrNotFound, ErrNotLobby when the game has started or
// stopped, an error wrapping engine.ErrUnknownExpander for expansions not
// played, the engine's error for bad options, ErrSixSeats for 6 seats
// without Inns & Cathedrals, one wrapping engine.ErrPlayers for another
// number out of 1 to 6, ErrGameFull when fewer seats than players seated
// are asked for, or one wrapping ErrBroken when the lobby's stored
// settings do not read and the update does not replace both its
// expansions and its options; and nothing is written.
func (s *Store) UpdateLobby(ctx context.Context, id int64, u LobbyUpdate) (Game, error) {
	var set engine.ExpansionSet
	if u.Expansions != nil {
		var err error
		if set, _, err = ParseExpansions(u.Expansions); err != nil {
			return Game{}, err
		}
	}
	var g Game
	err := s.writeTx(ctx, func(tx *txn) error {
		var err error
		if g, err = getGame(ctx, tx, id); err != nil {
			return err
		}
		if g.Status != StatusLobby {
			return ErrNotLobby
		}
		if g.invalid != "" && (u.Expansions == nil || u.Options == nil) {
			return fmt.Errorf("%w: %s", ErrBroken, g.invalid)
		}
		if u.Expansions == nil {
			set = g.set
		}
		opts := g.Options
		if u.Options != nil {
			opts = *u.Options
		}
		seats := g.MaxSeats
		switch {
		case u.MaxSeats != 0:
			seats = u.MaxSeats
		case seats > DefaultMaxSeats && !set.Has(engine.ExpansionInnsAndCathedrals) && len(g.Seats) <= DefaultMaxSeats:
			seats = DefaultMaxSeats
		}
		if err := checkSeats(seats, set); err != nil {
			return err
		}
		if len(g.Seats) > seats {
			return fmt.Errorf("%w: %d players are seated, more than %d seats", ErrGameFull, len(g.Seats), seats)
		}
		if _, err := rulesFor(set, opts); err != nil {
			return err
		}
		lang := g.Language
		if u.Language != nil {
			lang = *u.Language
		}
		if _, err := tx.ExecContext(ctx, `UPDATE games SET expansions = ?, rules = ?, max_seats = ?,
			language = ?, updated_at = ? WHERE id = ?`, set.String(), opts.String(), seats, lang, s.nowMillis(), id); err != nil {
			return fmt.Errorf("storage: update lobby %d: %w", id, err)
		}
		g, err = getGame(ctx, tx, id)
		return err
	})
	if err != nil {
		return Game{}, err
	}
	return g, nil
}
