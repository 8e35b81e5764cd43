package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Header is a record header the engine does not use ("Date", "Guild", …):
// kept in order and written back.
type Header struct {
	Key, Value string
}

// Turn is one turn line of a record: a placement or a discard.
type Turn struct {
	// Number is the turn number written before the move; a discard keeps
	// the number of the turn it belongs to.
	Number int
	// Move is the move played.
	Move Move
	// Line is the line the turn was read from, from 1; 0 when it was not read
	// from a file.
	Line int
}

// Record is a game record (spec/record.md): the headers, the turns in order,
// and whether the game ended. One line beyond the spec records a player
// leaving a running game: `resign NAME`, between two turns; it carries no
// turn number, and the player's later turns are skipped. ReadRecord reads one, WriteTo writes one, and
// Replay rebuilds the game it describes.
type Record struct {
	// Players are the names in turn order (header Players).
	Players []string
	// Expansions are the names of the expansions played (header
	// Expansions, spec/record.md "Expansions"), as ParseExpansions reads
	// them; nil means "base". ReadRecord keeps them in record order, "base"
	// first, as ExpansionSet.String writes them; Rules composes them.
	Expansions []string
	// Options are the rule options (header Rules).
	Options Options
	// Start is the start tile (header Start); the zero value is the default.
	Start StartTile
	// Seed shuffles the draw pile (header Seed), when HasSeed is set.
	Seed    uint64
	HasSeed bool
	// Extra are the other headers, in the order read.
	Extra []Header
	// Turns are the moves.
	Turns []Turn
	// End tells whether the record ends with `end`.
	End bool

	startText string // the Start header, until the tile set is known
	rules     *Rules // the rules of Expansions, composed by ReadRecord

	playersLine, startLine int // the lines of the Players and Start headers, when read
	rulesLine              int // the line of the Rules header, when read
	// optionNames are the rule options the Rules header names ("pig").
	optionNames []string
}

// optionsPlayed returns an error naming the first rule option of the
// Rules header that belongs to an expansion not in set, the game's.
func (rec *Record) optionsPlayed(set ExpansionSet) error {
	for _, name := range rec.optionNames {
		if r, ok := RuleOptionNamed(name); ok && !set.Has(r.Expansion) {
			return fmt.Errorf("%s is an option of %s, which this game does not play: the Expansions header does not name %s", name, r.Expansion.Title(), r.Expansion)
		}
	}
	return nil
}

// RecordError is an error in a record: the line (from 1; ReadRecord and
// Replay always name one, 0 is left for records built in code) and the
// reason in a player's words. Err is the rule error behind it,
// when a move broke the rules.
type RecordError struct {
	Line   int
	Reason string
	Err    error
}

// Error returns "line N: reason".
func (e *RecordError) Error() string {
	if e.Line == 0 {
		return e.Reason
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Reason)
}

// Unwrap returns the rule error behind the record error, if any.
func (e *RecordError) Unwrap() error { return e.Err }

func recErr(line int, format string, args ...any) *RecordError {
	return &RecordError{Line: line, Reason: fmt.Sprintf(format, args...)}
}

// MaxRecordLine is the longest line a record may have, in bytes, its line
// ending excluded. ReadRecord refuses a longer line.
const MaxRecordLine = 4096

// MaxRecordSize is the largest record ReadRecord reads, in bytes (1 MiB). A
// whole base game takes about 2 KiB, a game with every expansion and
// comments a few tens of KiB; the cap keeps a huge or endless input from
// taking the memory of the program reading it: ReadRecord reads no more
// than this many bytes (and one) from its reader.
const MaxRecordSize = 1 << 20

// bom is the UTF-8 byte-order mark some editors write at the start of a
// file.
const bom = "\uFEFF"

// ReadRecord reads a game record from r as a stream, one line at a time. It
// checks the syntax and the headers (an unknown expansion or rule option, a
// malformed or repeated header, a header after the turns, a missing Players
// header), tile names, coordinates, rotations, figures and ports, the
// tokens of a turn (a figure, then an escape; each at most once) and that
// each belongs to an expansion of the Expansions header, that turn numbers
// count up, and that nothing follows `end`. Whether the moves are
// legal is checked by Replay. A UTF-8 byte-order mark at the start is
// skipped. A line longer than MaxRecordLine bytes or a record longer than
// MaxRecordSize bytes is refused; no more than MaxRecordSize+1 bytes are
// read from r. Errors are *RecordError naming the line (from 1); an error
// of r itself is wrapped in one too.
func ReadRecord(r io.Reader) (*Record, error) {
	rec := &Record{}
	size := 0 // the bytes of the lines read so far, line endings included
	sc := bufio.NewScanner(io.LimitReader(r, MaxRecordSize+1))
	sc.Buffer(make([]byte, 0, 1024), MaxRecordLine+2) // +2: the line ending
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanLines(data, atEOF)
		size += adv
		return adv, tok, err
	})
	line := 0
	seen := map[string]bool{}
	var ts *TileSet
	var set ExpansionSet // the expansions of the header, once ts is known
	next := 1            // the turn number expected
	for sc.Scan() {
		line++
		if size > MaxRecordSize {
			return nil, recErr(line, "the record is longer than %d bytes (%d KiB); a game record is far shorter", MaxRecordSize, MaxRecordSize>>10)
		}
		raw := sc.Text()
		if line == 1 {
			raw = strings.TrimPrefix(raw, bom)
		}
		if len(raw) > MaxRecordLine {
			return nil, recErr(line, "the line is longer than %d bytes", MaxRecordLine)
		}
		text := stripComment(raw)
		if text == "" {
			continue
		}
		if rec.End {
			return nil, recErr(line, "nothing may follow `end`, the game is over")
		}
		if strings.HasPrefix(text, "[") {
			if ts != nil {
				return nil, recErr(line, "headers come before the turns")
			}
			key, val, err := parseHeader(text)
			if err != nil {
				return nil, recErr(line, "%s", err)
			}
			if seen[key] {
				return nil, recErr(line, "header %s is given twice", key)
			}
			seen[key] = true
			switch key {
			case "Players":
				rec.playersLine = line
			case "Start":
				rec.startLine = line
			case "Rules":
				rec.rulesLine = line
			}
			if err := rec.setHeader(key, val); err != nil {
				return nil, recErr(line, "%s", err)
			}
			continue
		}
		if ts == nil {
			if !seen["Players"] {
				return nil, recErr(line, "the Players header is missing: it comes before the first turn, like [Players \"Alice, Bob\"]")
			}
			var err error
			if ts, err = rec.tileSet(); err != nil {
				return nil, recErr(line, "%s", err)
			}
			if set, err = rec.expansionSet(); err != nil {
				return nil, recErr(line, "%s", err)
			}
			if err := rec.optionsPlayed(set); err != nil {
				return nil, recErr(rec.rulesLine, "%s", err)
			}
			if seen["Start"] {
				if err := rec.resolveStart(ts); err != nil {
					return nil, recErr(rec.startLine, "%s", err)
				}
			}
		}
		if text == "end" {
			rec.End = true
			continue
		}
		if name, ok := strings.CutPrefix(text, "resign "); ok {
			p := slices.Index(rec.Players, strings.TrimSpace(name))
			if p < 0 {
				return nil, recErr(line, "%q does not play in this game", strings.TrimSpace(name))
			}
			rec.Turns = append(rec.Turns, Turn{Number: next, Move: Move{Resign: true, Player: p}, Line: line})
			continue
		}
		t, err := parseTurn(ts, text)
		if err != nil {
			return nil, recErr(line, "%s", err)
		}
		if t.Number != next {
			return nil, recErr(line, "turn %d was expected here, not %d", next, t.Number)
		}
		if err := tokensAllowed(set, t.Move); err != nil {
			return nil, recErr(line, "%s", err)
		}
		if !t.Move.Discard && !t.Move.Aside {
			next++
		}
		t.Line = line
		rec.Turns = append(rec.Turns, t)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, recErr(line+1, "the line is longer than %d bytes", MaxRecordLine)
		}
		return nil, &RecordError{Line: line + 1, Reason: "reading the record: " + err.Error(), Err: err}
	}
	if !seen["Players"] {
		return nil, recErr(max(line, 1), "the Players header is missing: a record starts with it, like [Players \"Alice, Bob\"]")
	}
	if ts == nil {
		// A record of headers alone: the check the first turn makes.
		if set, err := rec.expansionSet(); err == nil {
			if err := rec.optionsPlayed(set); err != nil {
				return nil, recErr(rec.rulesLine, "%s", err)
			}
		}
	}
	if ts == nil && seen["Start"] {
		ts, err := rec.tileSet()
		if err != nil {
			return nil, recErr(rec.playersLine, "%s", err)
		}
		if err := rec.resolveStart(ts); err != nil {
			return nil, recErr(rec.startLine, "%s", err)
		}
	}
	return rec, nil
}

// stripComment removes a # comment (outside quotes) and surrounding space.
func stripComment(s string) string {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '"':
			quoted = !quoted
		case '#':
			if !quoted {
				s = s[:i]
				return strings.TrimSpace(s)
			}
		}
	}
	return strings.TrimSpace(s)
}

func parseHeader(text string) (key, val string, err error) {
	if !strings.HasSuffix(text, "]") {
		return "", "", errors.New(`a header is written [Key "value"]`)
	}
	inner := strings.TrimSpace(text[1 : len(text)-1])
	key, rest, ok := strings.Cut(inner, " ")
	rest = strings.TrimSpace(rest)
	if !ok || key == "" || len(rest) < 2 || rest[0] != '"' || rest[len(rest)-1] != '"' || strings.Count(rest, `"`) != 2 {
		return "", "", errors.New(`a header is written [Key "value"]`)
	}
	if !utf8.ValidString(rest) || strings.ContainsFunc(rest, unicode.IsControl) {
		return "", "", errors.New("a header value has a control character or is not UTF-8")
	}
	for _, c := range key {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return "", "", fmt.Errorf("%q is not a header name", key)
		}
	}
	return key, rest[1 : len(rest)-1], nil
}

func (rec *Record) setHeader(key, val string) error {
	switch key {
	case "Players":
		var names []string
		for _, n := range strings.Split(val, ",") {
			names = append(names, strings.TrimSpace(n))
		}
		if err := checkPlayers(names); err != nil {
			return err
		}
		rec.Players = names
	case "Expansions":
		set, err := ParseExpansions(val)
		if err != nil {
			return err
		}
		r, err := composeRules(set, rec.Options.Edition)
		if err != nil {
			return err
		}
		rec.Expansions = expansionNames(set)
		rec.rules = r
	case "Rules":
		o, err := ParseOptions(val)
		if err != nil {
			return err
		}
		rec.Options = o
		for _, item := range strings.Split(val, ",") {
			k, _, _ := strings.Cut(item, "=")
			rec.optionNames = append(rec.optionNames, strings.TrimSpace(k))
		}
	case "Start":
		// Checked against the tile set once the headers are read.
		rec.startText = val
	case "Seed":
		s, err := strconv.ParseUint(strings.TrimSpace(val), 10, 64)
		if err != nil {
			return fmt.Errorf("the seed %q is not an unsigned 64-bit number", val)
		}
		rec.Seed, rec.HasSeed = s, true
	default:
		rec.Extra = append(rec.Extra, Header{Key: key, Value: val})
	}
	return nil
}

// resolveStart reads the Start header kept aside by setHeader.
func (rec *Record) resolveStart(ts *TileSet) error {
	f := strings.Fields(rec.startText)
	if len(f) != 3 {
		return fmt.Errorf(`the start tile is written "tile x,y rotation", not %q`, rec.startText)
	}
	id, ok := ts.Lookup(f[0])
	if !ok {
		return fmt.Errorf("there is no tile %q", f[0])
	}
	c, err := parseCell(f[1])
	if err != nil {
		return err
	}
	r, err := parseRotation(f[2])
	if err != nil {
		return err
	}
	rec.Start = StartTile{Tile: id, Cell: c, Rotation: r}
	return nil
}

// expansionNames returns the names of the expansions of set in record
// order, "base" first.
func expansionNames(set ExpansionSet) []string {
	var out []string
	for _, e := range set.List() {
		out = append(out, e.String())
	}
	return out
}

// expansionSet returns the set of the record's Expansions.
func (rec *Record) expansionSet() (ExpansionSet, error) {
	return ParseExpansions(strings.Join(rec.Expansions, ","))
}

// composeRules returns the rules of the expansions set with the default
// options but edition ed (Options.Edition, which decides the tile set and
// the pile), or NewRules' error.
func composeRules(set ExpansionSet, ed Edition) (*Rules, error) {
	if set == 0 {
		return baseRules[0][0], nil
	}
	return NewRules(set, Options{Edition: ed})
}

// composed returns the rules of the record's expansions and edition, the
// other options aside.
func (rec *Record) composed() (*Rules, error) {
	set, err := rec.expansionSet()
	if err != nil {
		return nil, err
	}
	if rec.rules != nil && rec.rules.Expansions == set && rec.rules.Options.Edition == rec.Options.Edition {
		return rec.rules, nil
	}
	return composeRules(set, rec.Options.Edition)
}

// Rules returns the rules of the record's game: its expansions (header
// Expansions) and rule options (header Rules), composed as NewRules does.
// It returns an error wrapping ErrUnknownExpander for an expansion the
// engine does not know, and one wrapping ErrBadOption
// for options out of range.
func (rec *Record) Rules() (*Rules, error) {
	r, err := rec.composed()
	if err != nil {
		return nil, err
	}
	if r.Options == rec.Options {
		return r, nil
	}
	o := rec.Options
	if r.Expansions == 0 {
		if !o.valid() {
			return nil, fmt.Errorf("%w: %+v", ErrBadOption, o)
		}
		return baseRules[o.Farms][o.TinyCity/2], nil
	}
	if _, err := NewRules(0, o); err != nil {
		return nil, err
	}
	c := *r // the same tile set and groups, other options
	c.Options = o
	return &c, nil
}

// tileSet returns the tile set of the record's expansions.
func (rec *Record) tileSet() (*TileSet, error) {
	r, err := rec.composed()
	if err != nil {
		return nil, err
	}
	return r.Tiles, nil
}

// unknownTile returns the error for a tile name that tile set ts lacks,
// saying when the tile belongs to an expansion the game does not play
// (spec/record.md, "Expansions": a record naming a tile of an expansion not
// in its header is refused).
func unknownTile(ts *TileSet, name string) error {
	for e := ExpansionBase + 1; e < numExpansions; e++ {
		for _, t := range e.Tiles() {
			if t.Name != name {
				continue
			}
			for _, other := range e.Tiles() {
				if id, ok := ts.Lookup(other.Name); ok && ts.Tile(id).Expansion == e.String() {
					return fmt.Errorf("tile %s is out of the game with these expansions", name)
				}
			}
			return fmt.Errorf("tile %s belongs to %s, which this game does not play: the Expansions header does not name %s", name, e.Title(), e)
		}
	}
	return fmt.Errorf("there is no tile %q", name)
}

func parseTurn(ts *TileSet, text string) (Turn, error) {
	var t Turn
	num, rest, ok := strings.Cut(text, ".")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || strings.TrimLeft(num, "0123456789") != "" {
		return t, fmt.Errorf("a turn starts with its number and a dot (\"3. V 1,0 90\"), not %q", text)
	}
	t.Number = n
	f := strings.Fields(rest)
	if len(f) < 2 {
		return t, errors.New("a turn names the tile and where it goes (\"3. V 1,0 90\") or says discard")
	}
	id, ok := ts.Lookup(f[0])
	if !ok {
		return t, unknownTile(ts, f[0])
	}
	t.Move.Tile = id
	if f[1] == "discard" || f[1] == "aside" {
		if len(f) > 2 {
			return t, fmt.Errorf("nothing may follow %s", f[1])
		}
		t.Move.Discard, t.Move.Aside = f[1] == "discard", f[1] == "aside"
		return t, nil
	}
	if len(f) < 3 {
		return t, errors.New("the rotation is missing (0, 90, 180 or 270)")
	}
	if t.Move.Cell, err = parseCell(f[1]); err != nil {
		return t, err
	}
	if t.Move.Rotation, err = parseRotation(f[2]); err != nil {
		return t, err
	}
	// The tokens, in the order of the turn's steps (record.md, "A turn with
	// expansions"): the figure deployed on the tile, then the escape.
	lands := 0
	var msg *token // msg=N, waiting for use or points (The Messengers)
	for _, s := range f[3:] {
		tok, err := lexToken(s)
		if err != nil {
			return t, err
		}
		if msg != nil {
			if err := t.Move.readMessage(*msg, tok); err != nil {
				return t, err
			}
			msg = nil
			continue
		}
		if tok.verb == "msg" && t.Move.Crop == CropNone {
			msg = &tok
			continue
		}
		if tok.verb == "land" {
			lands++
		}
		if err := t.Move.readToken(tok); err != nil {
			return t, err
		}
	}
	if msg != nil {
		return t, fmt.Errorf("%s is followed by use (the message carried out) or points (its 2 points taken)", msg.text)
	}
	return t, t.Move.flightComplete(lands)
}

// token is one token of a turn line (spec/record.md, "A turn with
// expansions"): verb [@where] [/seat] [=value], or "-" (pass) alone.
type token struct {
	text, verb, where, seat, value string
	hasWhere, hasSeat, hasValue    bool
}

// lexToken splits a token into its parts, checking only its shape.
func lexToken(s string) (token, error) {
	tok := token{text: s}
	if s == "-" {
		tok.verb = "-"
		return tok, nil
	}
	rest := s
	rest, tok.value, tok.hasValue = strings.Cut(rest, "=")
	rest, tok.seat, tok.hasSeat = strings.Cut(rest, "/")
	tok.verb, tok.where, tok.hasWhere = strings.Cut(rest, "@")
	if tok.verb == "" || strings.Trim(tok.verb, "abcdefghijklmnopqrstuvwxyz") != "" {
		return tok, fmt.Errorf("a token is a word, then @ and where (\"follower@N\", \"escape@0,-1:S\"), not %q", s)
	}
	if tok.hasWhere && tok.where == "" || tok.hasSeat && tok.seat == "" || tok.hasValue && tok.value == "" {
		return tok, fmt.Errorf("the token %q is cut short", s)
	}
	return tok, nil
}

// readToken sets the part of move m that token tok answers, in the order
// of the turn's steps; it refuses tokens out of order or twice.
func (m *Move) readToken(tok token) error {
	if m.Crop != CropNone {
		return m.readCropPick(tok)
	}
	switch tok.verb {
	case "mage", "witch":
		return m.readMagicToken(tok)
	case "crop":
		c, ok := ParseCropChoice(tok.value)
		if !tok.hasValue || tok.hasWhere || tok.hasSeat || !ok {
			return fmt.Errorf("the crop circle's choice is crop=add or crop=remove, not %q", tok.text)
		}
		m.Crop = c
		return nil
	case "-", "robber":
		return m.readRobberToken(tok)
	case "pawn", "rob":
		return m.readScoreToken(tok)
	case "use", "points":
		return fmt.Errorf("%s answers a Message tile and comes right after its msg=N", tok.text)
	case "return":
		return fmt.Errorf("%s answers a crop circle and comes after crop=remove or crop=add", tok.text)
	case "escape":
		if tok.hasSeat || tok.hasValue || !tok.hasWhere {
			return fmt.Errorf("a knight escapes with escape@x,y:PORT (\"escape@0,-1:S\"), not %q", tok.text)
		}
		if m.Escape.Port != NoPort {
			return errors.New("only one knight may escape in a turn")
		}
		target, err := parseTarget(tok.where)
		if err != nil {
			return err
		}
		m.Escape = target
		return nil
	case "ransom", "tower", "capture":
		return m.readTowerToken(tok)
	case "princess", "fairy", "dragon":
		return m.readDragonToken(tok)
	case "gold", "roll", "land":
		return m.readMiniToken(tok)
	case "ferry":
		return m.readFerryToken(tok)
	}
	figure, known := ParseFigure(tok.verb)
	if !known {
		return fmt.Errorf("there is no token %q: a turn deploys a figure with follower@PORT or large@PORT, and a knight escapes with escape@x,y:PORT", tok.text)
	}
	if !tok.hasWhere || tok.hasSeat || tok.hasValue {
		return fmt.Errorf("a figure is deployed with %s@PORT (\"%s@N\"), not %q", tok.verb, tok.verb, tok.text)
	}
	if m.Fly {
		return errors.New("only one figure may be placed in a turn: the flying one is already on its way")
	}
	if tok.where == "fly" {
		// A figure onto the flying machine (The Flying Machines).
		if m.Follower != NoPort || m.Tower != TowerNone {
			return errors.New("only one figure or tower piece may be placed in a turn")
		}
		if m.Capture != (Target{}) || m.Escape.Port != NoPort {
			return errors.New("the figure is written before the escape, in the order of the turn")
		}
		m.Fly, m.Figure = true, figure
		return nil
	}
	if cs, ok := strings.CutSuffix(tok.where, ":tower"); ok {
		// A follower on top of a tower (The Tower).
		c, err := parseCell(cs)
		if err != nil {
			return err
		}
		if m.Follower != NoPort || m.Tower != TowerNone {
			return errors.New("only one figure or tower piece may be placed in a turn")
		}
		if m.Escape.Port != NoPort {
			return errors.New("the figure is written before the escape, in the order of the turn")
		}
		m.Tower, m.TowerCell, m.Figure = TowerTop, c, figure
		return nil
	}
	p, ok := ParsePort(tok.where)
	portal := false
	var portalCell Cell
	if !ok && strings.Contains(tok.where, ",") {
		// Through the magic portal (The Princess & the Dragon).
		t, err := parseTarget(tok.where)
		if err != nil {
			return err
		}
		p, portal, portalCell = t.Port, true, t.Cell
	} else if !ok {
		return fmt.Errorf("there is no port %q (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C)", tok.where)
	}
	if m.Follower != NoPort {
		return errors.New("only one follower, large or not, may be deployed in a turn")
	}
	if m.Tower != TowerNone {
		return errors.New("only one figure or tower piece may be placed in a turn")
	}
	if m.Escape.Port != NoPort || m.Scoring.Len() > 0 {
		return errors.New("the figure is written before the escape (and the scoring's choices), in the order of the turn")
	}
	if m.Princess != (Target{}) || m.Fairy || m.Dragon.Len() > 0 || m.Capture != (Target{}) {
		return errors.New("the figure is written first, before the princess, the fairy, the capture and the dragon, in the order of the turn")
	}
	m.Follower, m.Figure, m.Portal, m.PortalCell = p, figure, portal, portalCell
	return nil
}

// readDragonToken reads the tokens of The Princess & the Dragon:
// princess@x,y:PORT and fairy@x,y in place of a figure, then up to
// MaxDragonSteps dragon@x,y.
func (m *Move) readDragonToken(tok token) error {
	if !tok.hasWhere || (tok.hasValue || tok.hasSeat) && tok.verb != "princess" {
		return fmt.Errorf("%s is written %s@x,y%s, not %q", tok.verb, tok.verb, map[bool]string{true: ":PORT"}[tok.verb == "princess"], tok.text)
	}
	if m.Escape.Port != NoPort {
		return fmt.Errorf("%s is written before the escape, in the order of the turn", tok.verb)
	}
	one := m.Follower != NoPort || m.Tower != TowerNone || m.Princess != (Target{}) || m.Fairy
	switch tok.verb {
	case "princess":
		t, err := parseTarget(tok.where)
		if err != nil {
			return err
		}
		if one {
			return errors.New("only one figure, tower piece, princess or fairy in a turn")
		}
		if m.Dragon.Len() > 0 || m.Capture != (Target{}) {
			return errors.New("the princess is written before the capture and the dragon, in the order of the turn")
		}
		if t == (Target{}) {
			return errors.New("the princess names a knight's spot")
		}
		// "/seat and =large when several figures stand there".
		if tok.hasSeat {
			seat, err := strconv.Atoi(tok.seat)
			if err != nil || seat < 1 || seat > MaxPlayers || strings.TrimLeft(tok.seat, "0123456789") != "" {
				return fmt.Errorf("%q is not a seat: a player's position in Players, 1 to %d", tok.seat, MaxPlayers)
			}
			m.PrincessSeat = int8(seat)
		}
		if tok.hasValue && tok.value != "large" {
			return fmt.Errorf("the princess names the large follower with =large (\"princess@0,-1:N/2=large\"), not %q", tok.text)
		}
		m.Princess, m.PrincessLarge = t, tok.hasValue
	case "fairy":
		c, port := tok.where, NoPort
		if strings.Contains(tok.where, ":") {
			t, err := parseTarget(tok.where)
			if err != nil {
				return err
			}
			if t.Tower {
				return fmt.Errorf("the fairy stands by a follower: fairy@x,y or fairy@x,y:PORT, not %q", tok.text)
			}
			c, port = t.Cell.String(), t.Port
		}
		cell, err := parseCell(c)
		if err != nil {
			return err
		}
		if one {
			return errors.New("only one figure, tower piece, princess or fairy in a turn")
		}
		if m.Dragon.Len() > 0 || m.Capture != (Target{}) {
			return errors.New("the fairy is written before the capture and the dragon, in the order of the turn")
		}
		m.Fairy, m.FairyCell, m.FairyPort = true, cell, port
	default: // dragon
		c, err := parseCell(tok.where)
		if err != nil {
			return err
		}
		if m.Dragon.Len() >= MaxDragonSteps {
			return fmt.Errorf("the dragon moves at most %d tiles in a move", MaxDragonSteps)
		}
		if m.Dragon = m.Dragon.Add(c); !m.Dragon.Valid() {
			return fmt.Errorf("%s: each step of the dragon goes to a tile next to the one before, north, east, south or west", tok.text)
		}
	}
	return nil
}

// readTowerToken reads the tokens of The Tower: ransom/seat[=large] first,
// tower@x,y in place of a figure, capture@x,y:PORT (or x,y:tower) after it.
func (m *Move) readTowerToken(tok token) error {
	switch tok.verb {
	case "ransom":
		if tok.hasWhere || !tok.hasSeat {
			return fmt.Errorf("a ransom is written ransom/SEAT, the seat of the player paid (\"ransom/2\"), not %q", tok.text)
		}
		if m.Ransomed {
			return errors.New("only one ransom may be paid in a turn")
		}
		if m.Follower != NoPort || m.Tower != TowerNone || m.Capture != (Target{}) || m.Escape.Port != NoPort {
			return errors.New("the ransom is the first token of a turn, paid before the tile")
		}
		seat, err := strconv.Atoi(tok.seat)
		if err != nil || seat < 1 || seat > MaxPlayers || strings.TrimLeft(tok.seat, "0123456789") != "" {
			return fmt.Errorf("%q is not a seat: a player's position in Players, 1 to %d", tok.seat, MaxPlayers)
		}
		fig := FigureFollower
		if tok.hasValue {
			if tok.value != "large" {
				return fmt.Errorf("a ransom frees a follower (ransom/%s) or the large follower (ransom/%s=large), not %q", tok.seat, tok.seat, tok.value)
			}
			fig = FigureLarge
		}
		m.Ransomed, m.Ransom = true, Ransom{Jailer: seat - 1, Figure: fig}
		return nil
	case "tower":
		if !tok.hasWhere || tok.hasSeat || tok.hasValue {
			return fmt.Errorf("a tower piece is placed with tower@x,y (\"tower@1,-1\"), not %q", tok.text)
		}
		c, err := parseCell(tok.where)
		if err != nil {
			return err
		}
		if m.Follower != NoPort || m.Tower != TowerNone {
			return errors.New("only one figure or tower piece may be placed in a turn")
		}
		if m.Capture != (Target{}) || m.Escape.Port != NoPort {
			return errors.New("the tower piece is written before the capture and the escape, in the order of the turn")
		}
		m.Tower, m.TowerCell = TowerPiece, c
		return nil
	}
	// capture
	if !tok.hasWhere || tok.hasSeat || tok.hasValue {
		return fmt.Errorf("a prisoner is taken with capture@x,y:PORT or capture@x,y:tower, not %q", tok.text)
	}
	if m.Tower != TowerPiece {
		return errors.New("a prisoner is taken only after a tower piece: capture@ follows tower@x,y")
	}
	if m.Capture != (Target{}) {
		return errors.New("only one prisoner may be taken in a turn")
	}
	if m.Escape.Port != NoPort {
		return errors.New("the capture is written before the escape, in the order of the turn")
	}
	if cs, ok := strings.CutSuffix(tok.where, ":tower"); ok {
		c, err := parseCell(cs)
		if err != nil {
			return err
		}
		m.Capture = Target{Cell: c, Tower: true}
		return nil
	}
	t, err := parseTarget(tok.where)
	if err != nil {
		return err
	}
	m.Capture = t
	return nil
}

// readMiniToken reads the tokens of the mini expansions: gold@x,y after the
// tile (The Gold Mines), roll=N and land@x,y:PORT or land@off after a
// figure onto the flying machine (The Flying Machines).
func (m *Move) readMiniToken(tok token) error {
	switch tok.verb {
	case "gold":
		if !tok.hasWhere || tok.hasSeat || tok.hasValue {
			return fmt.Errorf("the second gold ingot is placed with gold@x,y (\"gold@1,1\"), not %q", tok.text)
		}
		if m.Gold {
			return errors.New("only one gold ingot is placed by hand in a turn: the other goes on the tile itself")
		}
		if m.Follower != NoPort || m.Tower != TowerNone || m.Fly || m.Capture != (Target{}) || m.Escape.Port != NoPort {
			return errors.New("the gold ingot is written right after the tile, before the figure, in the order of the turn")
		}
		c, err := parseCell(tok.where)
		if err != nil {
			return err
		}
		m.Gold, m.GoldCell = true, c
		return nil
	case "roll":
		if tok.hasWhere || tok.hasSeat || !tok.hasValue {
			return fmt.Errorf("the die is written roll=N, N from 1 to 3 (\"roll=2\"), not %q", tok.text)
		}
		if !m.Fly {
			return errors.New("the die is rolled only after a figure onto the flying machine: roll= follows follower@fly")
		}
		if m.Roll != 0 {
			return errors.New("the die is rolled once in a turn")
		}
		n, err := strconv.Atoi(tok.value)
		if err != nil || n < 1 || n > 3 || len(tok.value) != 1 {
			return fmt.Errorf("the die shows 1, 2 or 3, not %q", tok.value)
		}
		m.Roll = int8(n)
		return nil
	}
	// land
	if !tok.hasWhere || tok.hasSeat || tok.hasValue {
		return fmt.Errorf("a flying figure lands with land@x,y:PORT, or goes back to the supply with land@off, not %q", tok.text)
	}
	if !m.Fly || m.Roll == 0 {
		return errors.New("a figure lands only after its flight and the die: land@ follows follower@fly roll=N")
	}
	if m.Land != (Target{}) {
		return errors.New("a flying figure lands once")
	}
	if m.Escape.Port != NoPort {
		return errors.New("the landing is written before the escape, in the order of the turn")
	}
	if tok.where == "off" {
		return nil
	}
	t, err := parseTarget(tok.where)
	if err != nil {
		return err
	}
	m.Land = t
	return nil
}

// readMagicToken reads the token of Mage & Witch: mage@x,y:PORT,
// witch@x,y:PORT, or mage@off / witch@off, after the gold ingot and before
// the figure.
func (m *Move) readMagicToken(tok token) error {
	f, _ := ParseMagicFigure(tok.verb)
	if !tok.hasWhere || tok.hasSeat || tok.hasValue {
		return fmt.Errorf("the %s is placed with %s@x,y:PORT (\"%s@0,1:N\"), or taken off with %s@off, not %q", f, f, f, f, tok.text)
	}
	if m.Magic != MagicNone {
		return errors.New("only one of the mage and the witch is placed or moved in a turn")
	}
	if m.Follower != NoPort || m.Tower != TowerNone || m.Fly || m.Capture != (Target{}) || m.Escape.Port != NoPort ||
		m.Princess != (Target{}) || m.Fairy || m.Dragon.Len() > 0 {
		return fmt.Errorf("the %s is written after the tile and the gold ingot, before the figure, in the order of the turn", f)
	}
	m.Magic = f
	if tok.where == "off" {
		return nil
	}
	t, err := parseTarget(tok.where)
	if err != nil {
		return err
	}
	m.MagicAt = t
	return nil
}

// readCropPick reads a player's answer to a crop circle, after crop=add or
// crop=remove: follower@x,y:PORT or large@x,y:PORT (a figure added),
// return@x,y:PORT (the follower returned; return@x,y:PORT=large the large
// follower), or - (a pass).
func (m *Move) readCropPick(tok token) error {
	if m.CropPicks.Len() >= MaxPlayers {
		return fmt.Errorf("a crop circle takes at most %d answers, one per player", MaxPlayers)
	}
	var pick CropPick
	switch tok.verb {
	case "-":
	case "return":
		if !tok.hasWhere || tok.hasSeat || tok.hasValue && tok.value != "large" {
			return fmt.Errorf("a follower returns with return@x,y:PORT, the large follower with return@x,y:PORT=large, not %q", tok.text)
		}
		t, err := parseTarget(tok.where)
		if err != nil {
			return err
		}
		pick = CropPick{Return: true, Target: t}
		if tok.hasValue {
			pick.Figure = FigureLarge
		}
	default:
		fig, ok := ParseFigure(tok.verb)
		if !ok || fig > FigureLarge || !tok.hasWhere || tok.hasSeat || tok.hasValue {
			return fmt.Errorf("after crop=%s, each player answers with follower@x,y:PORT, large@x,y:PORT, return@x,y:PORT or -, not %q", m.Crop, tok.text)
		}
		t, err := parseTarget(tok.where)
		if err != nil {
			return err
		}
		pick = CropPick{Figure: fig, Target: t}
	}
	m.CropPicks = m.CropPicks.Add(pick)
	return nil
}

// flightComplete checks, once a turn's tokens are read, that a figure onto
// the flying machine has its die and exactly one landing (lands counts the
// land@ tokens).
func (m *Move) flightComplete(lands int) error {
	switch {
	case !m.Fly:
		return nil
	case m.Roll == 0:
		return errors.New("a figure onto the flying machine is followed by the die, roll=N, and its landing, land@x,y:PORT or land@off")
	case lands == 0:
		return errors.New("the flying figure's landing is missing: land@x,y:PORT, or land@off when it goes back to the supply")
	case lands > 1:
		return errors.New("a flying figure lands once")
	}
	return nil
}

// parseTarget reads a feature on a tile of the board, x,y:PORT.
func parseTarget(s string) (Target, error) {
	cs, ps, ok := strings.Cut(s, ":")
	if !ok {
		return Target{}, fmt.Errorf("a feature on the board is written x,y:PORT (\"0,-1:S\"), not %q", s)
	}
	c, err := parseCell(cs)
	if err != nil {
		return Target{}, err
	}
	p, ok := ParsePort(ps)
	if !ok {
		return Target{}, fmt.Errorf("there is no port %q (NNW, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW or C)", ps)
	}
	return Target{Cell: c, Port: p}, nil
}

// tokensAllowed checks that the tokens of move m belong to expansions in
// set (spec/record.md, "Expansions": a record naming what an expansion not
// in its header brings is refused).
func tokensAllowed(set ExpansionSet, m Move) error {
	if m.Follower != NoPort {
		if e := m.Figure.Expansion(); !set.Has(e) {
			return fmt.Errorf("%s@ is the %s of %s, which this game does not play: the Expansions header does not name %s", m.Figure, m.Figure.Title(), e.Title(), e)
		}
	}
	if m.Aside && !set.Has(ExpansionPrincessAndDragon) {
		return fmt.Errorf("a tile is set aside only in %s (a dragon tile drawn before any volcano), which this game does not play: the Expansions header does not name %s", ExpansionPrincessAndDragon.Title(), ExpansionPrincessAndDragon)
	}
	if (m.Ransomed || m.Tower != TowerNone || m.Capture != (Target{})) && !set.Has(ExpansionTower) {
		return fmt.Errorf("ransom@, tower@, capture@ and figures on towers belong to %s, which this game does not play: the Expansions header does not name %s", ExpansionTower.Title(), ExpansionTower)
	}
	if (m.Portal || m.Fairy || m.Princess != (Target{}) || m.Dragon.Len() > 0) && !set.Has(ExpansionPrincessAndDragon) {
		return fmt.Errorf("the magic portal (follower@x,y:PORT), princess@, fairy@ and dragon@ belong to %s, which this game does not play: the Expansions header does not name %s", ExpansionPrincessAndDragon.Title(), ExpansionPrincessAndDragon)
	}
	if m.Fly && !set.Has(ExpansionFlyingMachines) {
		return fmt.Errorf("@fly, roll= and land@ belong to %s, which this game does not play: the Expansions header does not name %s", ExpansionFlyingMachines.Title(), ExpansionFlyingMachines)
	}
	if m.Fly && m.Figure != FigureFollower {
		if e := m.Figure.Expansion(); !set.Has(e) {
			return fmt.Errorf("%s@ is the %s of %s, which this game does not play: the Expansions header does not name %s", m.Figure, m.Figure.Title(), e.Title(), e)
		}
	}
	if (m.Ferry != 0 || m.FerryMoves.Len() > 0) && !set.Has(ExpansionFerries) {
		return fmt.Errorf("ferry@ is a ferry of %s, which this game does not play: the Expansions header does not name %s", ExpansionFerries.Title(), ExpansionFerries)
	}
	if (m.Magic != MagicNone || m.MagicAt != (Target{})) && !set.Has(ExpansionMageAndWitch) {
		return fmt.Errorf("mage@ and witch@ belong to %s, which this game does not play: the Expansions header does not name %s", ExpansionMageAndWitch.Title(), ExpansionMageAndWitch)
	}
	if (m.Crop != CropNone || m.CropPicks.Len() > 0) && !set.Has(ExpansionCropCircles) {
		return fmt.Errorf("crop= belongs to %s, which this game does not play: the Expansions header does not name %s", ExpansionCropCircles.Title(), ExpansionCropCircles)
	}
	if m.Gold && !set.Has(ExpansionGoldMines) {
		return fmt.Errorf("gold@ is the gold ingot of %s, which this game does not play: the Expansions header does not name %s", ExpansionGoldMines.Title(), ExpansionGoldMines)
	}
	if m.Robbers.Len() > 0 && !set.Has(ExpansionRobbers) {
		return fmt.Errorf("robber/ and - place the robbers of %s, which this game does not play: the Expansions header does not name %s", ExpansionRobbers.Title(), ExpansionRobbers)
	}
	for i := range m.Scoring.Len() {
		switch c := m.Scoring.At(i); {
		case c.Step == StepRob && !set.Has(ExpansionRobbers):
			return fmt.Errorf("rob/ is a robbery of %s, which this game does not play: the Expansions header does not name %s", ExpansionRobbers.Title(), ExpansionRobbers)
		case c.Step != StepRob && !set.Has(ExpansionMessengers):
			return fmt.Errorf("pawn/ and msg= belong to %s, which this game does not play: the Expansions header does not name %s", ExpansionMessengers.Title(), ExpansionMessengers)
		}
	}
	if m.Escape.Port != NoPort && !set.Has(ExpansionCathars) {
		return fmt.Errorf("escape@ is the knights' escape of %s, which this game does not play: the Expansions header does not name %s", ExpansionCathars.Title(), ExpansionCathars)
	}
	return nil
}

// parseCell reads a record's cell, x,y with no space.
func parseCell(s string) (Cell, error) {
	if strings.ContainsAny(s, " ()") {
		return Cell{}, fmt.Errorf("%q is not a cell: write x,y with no space, like 2,-1", s)
	}
	return ParseCell(s)
}

func parseRotation(s string) (Rotation, error) {
	d, err := strconv.Atoi(s)
	r, ok := RotationFromDegrees(d)
	if err != nil || !ok {
		return 0, fmt.Errorf("rotation %q is not 0, 90, 180 or 270", s)
	}
	return r, nil
}

// tiles returns the record's tile set and default start tile, the base
// game's when the expansions are unknown.
func (rec *Record) tiles() (*TileSet, StartTile) {
	r, err := rec.composed()
	if err != nil {
		r = baseRules[0][0]
	}
	return r.Tiles, r.Start
}

// WriteTo writes the record: the headers Players, Expansions, Rules (every
// option), Start (when not the default), Seed (when set), then the other
// headers in order, a blank line, one line per turn and `end` for an ended
// game. Reading what it writes gives the same record, and writing that again
// the same bytes.
func (rec *Record) WriteTo(w io.Writer) (int64, error) {
	ts, start := rec.tiles()
	var b strings.Builder
	exps := strings.Join(rec.Expansions, ", ")
	if set, err := rec.expansionSet(); err == nil {
		exps = set.String()
	}
	fmt.Fprintf(&b, "[Players \"%s\"]\n", strings.Join(rec.Players, ", "))
	fmt.Fprintf(&b, "[Expansions \"%s\"]\n", exps)
	// spec/rules-options.md: each expansion's options, every one named.
	set, err := rec.expansionSet()
	rules := rec.Options.header(func(r RuleOption) bool { return r.Expansion == ExpansionBase || err == nil && set.Has(r.Expansion) })
	fmt.Fprintf(&b, "[Rules \"%s\"]\n", rules)
	if rec.Start != (StartTile{}) && rec.Start != start {
		fmt.Fprintf(&b, "[Start \"%s %s %s\"]\n", ts.Name(rec.Start.Tile), rec.Start.Cell, rec.Start.Rotation)
	}
	if rec.HasSeed {
		fmt.Fprintf(&b, "[Seed \"%d\"]\n", rec.Seed)
	}
	for _, h := range rec.Extra {
		fmt.Fprintf(&b, "[%s \"%s\"]\n", h.Key, h.Value)
	}
	if len(rec.Turns) > 0 || rec.End {
		b.WriteString("\n")
	}
	for _, t := range rec.Turns {
		if t.Move.Resign {
			name := "?"
			if t.Move.Player >= 0 && t.Move.Player < len(rec.Players) {
				name = rec.Players[t.Move.Player]
			}
			b.WriteString("resign " + name + "\n")
			continue
		}
		b.WriteString(t.String(ts))
		b.WriteString("\n")
	}
	if rec.End {
		b.WriteString("end\n")
	}
	n, err := io.WriteString(w, b.String())
	return int64(n), err
}

// String returns the record's text, as WriteTo writes it.
func (rec *Record) String() string {
	var b strings.Builder
	rec.WriteTo(&b)
	return b.String()
}

// String returns the turn as a record line ("3. V 1,0 90 follower@S"), with
// tile names from ts.
func (t Turn) String(ts *TileSet) string {
	return strconv.Itoa(t.Number) + ". " + MoveString(ts, t.Move)
}

// MoveString returns a move in record notation without its turn number
// ("V 1,0 90 follower@S", "IC13 2,0 90 large@N", "CA01 0,-1 180
// escape@0,-1:S", "C discard", "PD04 aside", "TW01 1,0 0 ransom/2
// tower@1,0 capture@0,0:N", "GM01 1,0 0 gold@1,1", "FM03 0,1 0
// follower@fly roll=2 land@-2,-1:C", "FE02 1,0 90 ferry@N+S
// ferry@3,0:E+W"), with tile names from ts: the ransom, the gold ingot, the
// figure, flight or tower token, the capture, the ferry set and the
// ferries moved, the dragon's steps, then the escape (spec/record.md, "A turn with expansions"). A
// resignation, which the record writes with the player's name, is written
// "resign N" with the player's index.
func MoveString(ts *TileSet, m Move) string {
	if m.Resign {
		return "resign " + strconv.Itoa(m.Player)
	}
	if m.Discard {
		return ts.Name(m.Tile) + " discard"
	}
	if m.Aside {
		return ts.Name(m.Tile) + " aside"
	}
	s := ts.Name(m.Tile) + " " + m.Cell.String() + " " + m.Rotation.String()
	if m.Ransomed {
		s += " " + m.Ransom.String()
	}
	if r := m.Robbers.String(); r != "" {
		s += " " + r
	}
	if m.Gold {
		s += " gold@" + m.GoldCell.String()
	}
	if m.Magic != MagicNone {
		if m.MagicAt == (Target{}) {
			s += " " + m.Magic.String() + "@off"
		} else {
			s += " " + m.Magic.String() + "@" + targetString(m.MagicAt)
		}
	}
	if m.Follower != NoPort {
		s += " " + m.Figure.String() + "@"
		if m.Portal {
			s += m.PortalCell.String() + ":"
		}
		s += m.Follower.String()
	}
	if m.Princess != (Target{}) {
		s += " princess@" + targetString(m.Princess)
		if m.PrincessSeat != 0 {
			s += "/" + strconv.Itoa(int(m.PrincessSeat))
		}
		if m.PrincessLarge {
			s += "=large"
		}
	}
	if m.Fairy {
		s += " fairy@" + m.FairyCell.String()
		if m.FairyPort != NoPort {
			s += ":" + m.FairyPort.String()
		}
	}
	if m.Fly {
		s += " " + m.Figure.String() + "@fly roll=" + strconv.Itoa(int(m.Roll))
		if m.Land == (Target{}) {
			s += " land@off"
		} else {
			s += " land@" + targetString(m.Land)
		}
	}
	switch m.Tower {
	case TowerPiece:
		s += " tower@" + m.TowerCell.String()
	case TowerTop:
		s += " " + m.Figure.String() + "@" + m.TowerCell.String() + ":tower"
	}
	if m.Capture != (Target{}) {
		s += " capture@" + targetString(m.Capture)
	}
	if m.Ferry != 0 {
		s += " ferry@" + m.Ferry.String()
	}
	if m.FerryMoves.Len() > 0 {
		s += " " + m.FerryMoves.String()
	}
	if m.Dragon.Len() > 0 {
		s += " " + m.Dragon.String()
	}
	if m.Scoring.Len() > 0 {
		s += " " + m.Scoring.String()
	}
	if m.Escape.Port != NoPort {
		s += " escape@" + m.Escape.Cell.String() + ":" + m.Escape.Port.String()
	}
	if m.Crop != CropNone {
		s += " crop=" + m.Crop.String()
		for i := range m.CropPicks.Len() {
			switch p := m.CropPicks.At(i); {
			case p.Target == (Target{}):
				s += " -"
			case p.Return:
				s += " return@" + targetString(p.Target)
				if p.Figure == FigureLarge {
					s += "=large"
				}
			default:
				s += " " + p.Figure.String() + "@" + targetString(p.Target)
			}
		}
	}
	return s
}

// ParseMove reads a move in record notation without its turn number, as
// MoveString writes it. Errors say what is malformed in a player's words.
// It reads the tokens of every expansion; whether the game plays them is
// checked by Game.Check.
func ParseMove(ts *TileSet, s string) (Move, error) {
	if p, ok := strings.CutPrefix(strings.TrimSpace(s), "resign "); ok {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n >= MaxPlayers {
			return Move{}, fmt.Errorf("%q is not a player's index", p)
		}
		return Move{Resign: true, Player: n}, nil
	}
	t, err := parseTurn(ts, "1. "+strings.TrimSpace(s))
	return t.Move, err
}

// Config returns the game set-up the record describes, with the Rules of
// its expansions and options (see Rules). For expansions or options the
// engine cannot play, it returns the base game's set-up with those options,
// which New then refuses for bad options; Replay reports both.
func (rec *Record) Config() Config {
	r, err := rec.Rules()
	if err != nil {
		return Config{Players: rec.Players, Options: rec.Options, Seed: rec.Seed, Start: rec.Start}
	}
	return Config{Players: rec.Players, Seed: rec.Seed, Rules: r, Start: rec.Start}
}

// Replay plays the record's turns on a new game and, when the record ends
// with `end`, applies the final scoring (unless the last tile already ended
// the game). A move that breaks the rules returns a *RecordError with its
// line and the reason, wrapping the rule error; a set-up the engine refuses
// (players, options, start tile) is reported at the Players header's line
// (line 1 for a record built in code).
func (rec *Record) Replay() (*Game, error) {
	if _, err := rec.Rules(); err != nil {
		return nil, &RecordError{Line: max(rec.playersLine, 1), Reason: err.Error(), Err: err}
	}
	g, err := New(rec.Config())
	if err != nil {
		return nil, &RecordError{Line: max(rec.playersLine, 1), Reason: err.Error(), Err: err}
	}
	for _, t := range rec.Turns {
		if err := g.Apply(g.withForced(t.Move)); err != nil {
			return nil, &RecordError{Line: t.Line, Reason: err.Error(), Err: err}
		}
		if err := g.scoringComplete(t.Move); err != nil {
			return nil, &RecordError{Line: t.Line, Reason: err.Error(), Err: err}
		}
	}
	if rec.End && !g.Ended() {
		g.Finish()
	}
	return g, nil
}

// withForced returns move m, read from a record, with the choices it leaves
// out that had exactly one legal answer (rules-options.md, "Reading, forced
// choices in records"): the second gold ingot of a tile with one neighbour
// (The Gold Mines), the ferry of a lake with two road ends (The Ferries).
// Writers keep writing them; any other move is returned as it is.
func (g *Game) withForced(m Move) Move {
	if g.x == nil || m.Discard || m.Aside || m.Resign || g.ended {
		return m
	}
	if m.Tile < 1 || int(m.Tile) > g.ts.Len() || g.checkPlacement(m.Tile, m.Cell, m.Rotation) != nil {
		return m // Apply says why
	}
	p := Placement{Cell: m.Cell, Rotation: m.Rotation}
	if !m.Gold && g.golden() {
		var buf [8]Cell
		if cs := g.AppendGoldCells(buf[:0], m.Tile, p); len(cs) == 1 {
			m.Gold, m.GoldCell = true, cs[0]
		}
	}
	if m.Ferry == 0 && g.rules.Expansions.Has(ExpansionFerries) {
		if ls := g.FerryLinks(m.Tile, m.Rotation); len(ls) == 1 {
			m.Ferry = ls[0]
		}
	}
	return m
}

// Record returns the game's record: its players, options, start tile and
// seed, every move played, and `end` when the game is over.
func (g *Game) Record() *Record {
	rec := &Record{
		Players: g.Players(),
		Options: g.opts,
		Start:   g.start,
		Seed:    g.seed, HasSeed: true,
		End: g.ended,
	}
	if g.rules.Expansions != 0 {
		rec.Expansions = expansionNames(g.rules.Expansions)
		rec.rules = g.rules
	}
	// The Start header is left out when the start is the default one: the
	// rules' (the spring with a river), or D at 0,0 in the base game.
	defaultStart := g.start == g.rules.Start
	if d, ok := g.ts.Lookup("D"); ok && g.rules.Expansions == 0 && g.start == (StartTile{Tile: d}) {
		defaultStart = true
	}
	if defaultStart {
		rec.Start = StartTile{}
	}
	n := 1
	for i := range g.moves {
		m := g.moveAt(i)
		rec.Turns = append(rec.Turns, Turn{Number: n, Move: m})
		if !m.Discard && !m.Aside && !m.Resign {
			n++
		}
	}
	return rec
}
