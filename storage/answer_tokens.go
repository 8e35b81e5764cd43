package storage

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/pressly/goose/v3"
)

// This file holds migration 13, a Go migration, for SQLite and PostgreSQL
// alike: it rewrites the answers of the turns under way (the table
// answers, migration 00009) from the engine's old notation of an answer,
// a step word then its payload ("tile 1,0 90", "figure large@N", "dragon
// 1,0", "figure none"), into the game record's tokens ("1,0 90",
// "large@N", "dragon@1,0", "-"; ../shared/spec/record.md, "A turn with
// expansions"), so that the program has one notation for a turn's choices
// and reads the turns stored before the change.

// answerTokensVersion is the schema version of the migration.
const answerTokensVersion = 13

// answerTokensMigration returns migration 13 for dialect d, which gives
// its statements their placeholders. It is built anew for each run of
// migrate, as goose fills in its fields.
func answerTokensMigration(d dialect) *goose.Migration {
	return goose.NewGoMigration(answerTokensVersion,
		&goose.GoFunc{RunTx: func(ctx context.Context, tx *sql.Tx) error { return answerTokensUp(ctx, tx, d) }},
		&goose.GoFunc{RunTx: answerTokensDown})
}

// answerTokensUp rewrites, in transaction tx on a database of dialect d,
// every answers.notation written in the old notation into the record's
// tokens (oldAnswerToken); a notation it does not recognise (already in
// tokens, or unreadable) is left as it is, and a game whose answer does
// not read is then reported broken as before.
func answerTokensUp(ctx context.Context, tx *sql.Tx, d dialect) error {
	type answer struct {
		game     int64
		number   int
		notation string
	}
	rows, err := tx.QueryContext(ctx, `SELECT game_id, number, notation FROM answers ORDER BY game_id, number`)
	if err != nil {
		return fmt.Errorf("answers in the old notation: %w", err)
	}
	var changed []answer
	for rows.Next() {
		var a answer
		if err := rows.Scan(&a.game, &a.number, &a.notation); err != nil {
			rows.Close()
			return fmt.Errorf("answers in the old notation: %w", err)
		}
		if tok, ok := oldAnswerToken(a.notation); ok && tok != a.notation {
			a.notation = tok
			changed = append(changed, a)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("answers in the old notation: %w", err)
	}
	update := d.rebind(`UPDATE answers SET notation = ? WHERE game_id = ? AND number = ?`)
	for _, a := range changed {
		if _, err := tx.ExecContext(ctx, update, a.notation, a.game, a.number); err != nil {
			return fmt.Errorf("game %d: answer %d to the record's tokens: %w", a.game, a.number, err)
		}
	}
	return nil
}

// answerTokensDown undoes migration 13 by changing nothing: the program of
// version 12, which reads the old notation only, would find the answers of
// the turns under way unreadable (their games broken) and must not be run
// on a database that has had version 13. No code or test runs goose down;
// it returns nil so that goose can take the version off all the same.
func answerTokensDown(context.Context, *sql.Tx) error { return nil }

// noneSteps are the old notation's step words whose "none" (STEP none)
// passes an optional choice: the record's "-".
var noneSteps = map[string]bool{
	"figure": true, "capture": true, "escape": true, "ferry-move": true, "pick": true, "robber": true,
}

// oldAnswerToken converts an answer in the engine's old notation (a step
// word then its payload, words separated by single spaces, as
// engine.Answer.String wrote them up to schema version 12) into the game
// record's token for it (../shared/spec/record.md, "A turn with
// expansions"): "tile 1,0 90" is "1,0 90", "figure large@N" is "large@N",
// "dragon 1,0" is "dragon@1,0", "figure none" is "-", and so on. It
// reports false, with notation unchanged, for a notation it does not
// recognise: an unknown step word, the wrong number of words, a token
// already. It checks the notation's words, not what they name: the engine
// reads the token it returns.
func oldAnswerToken(notation string) (string, bool) {
	f := strings.Split(notation, " ")
	// The old notation separates its words by single spaces: a notation
	// with two in a row, or one at an end, is none of its answers.
	if len(f) < 2 || slices.Contains(f, "") {
		return notation, false
	}
	step, arg, n := f[0], f[1], len(f)
	if n == 2 && arg == "none" && noneSteps[step] {
		return "-", true
	}
	switch {
	case step == "tile" && n == 2 && (arg == "discard" || arg == "aside"):
		return arg, true
	case step == "tile" && n == 3:
		return f[1] + " " + f[2], true
	case step == "tile" && n == 4 && strings.HasPrefix(f[3], "ransom/"):
		return strings.Join(f[1:], " "), true
	case step == "tile" && n == 7 && f[3] == "ransom" && f[5] == "from" && number(f[6]):
		// "ransom FIGURE from SEAT", as the turns under way were stored
		// before the ransom was written as the record writes it.
		switch f[4] {
		case "follower":
			return f[1] + " " + f[2] + " ransom/" + f[6], true
		case "large":
			return f[1] + " " + f[2] + " ransom/" + f[6] + "=large", true
		}
	case (step == "figure" || step == "magic" || step == "pick") && n == 2 && strings.Contains(arg, "@"):
		return arg, true
	case step == "pick" && n == 3 && arg == "return":
		fig, where, ok := strings.Cut(f[2], "@")
		switch {
		case !ok || where == "":
		case fig == "follower":
			return "return@" + where, true
		case fig == "large":
			return "return@" + where + "=large", true
		}
	case (step == "capture" || step == "escape" || step == "dragon" || step == "gold" ||
		step == "land" || step == "ferry") && n == 2:
		return step + "@" + arg, true
	case step == "ferry-move" && n == 2:
		return "ferry@" + arg, true
	case step == "roll" && n == 2 && number(arg):
		return "roll=" + arg, true
	case step == "crop" && n == 2 && (arg == "add" || arg == "remove"):
		return "crop=" + arg, true
	case step == "robber" && n == 2 && number(arg):
		return "robber/" + arg, true
	case step == "robber" && n == 3 && number(arg) && f[2] == "messenger":
		return "robber/" + arg + "=messenger", true
	case step == "rob" && n == 2 && number(arg):
		return "rob/" + arg, true
	case step == "pawn" && n == 3 && number(arg) && (f[2] == "marker" || f[2] == "messenger"):
		return "pawn/" + arg + "=" + f[2], true
	case step == "message" && n == 3 && number(arg) && (f[2] == "points" || f[2] == "use"):
		return "msg=" + arg + " " + f[2], true
	case step == "message" && n == 4 && number(arg) && f[2] == "use":
		return "msg=" + arg + " use@" + f[3], true
	}
	return notation, false
}

// number reports whether word is written in decimal digits only, as the
// old notation writes a seat, a die or a message's number.
func number(word string) bool {
	return word != "" && strings.Trim(word, "0123456789") == ""
}
