package turnview

import (
	"github.com/meeple-works/carcassonne/engine"
)

// This file says where a game stands outside a turn, for the scoreboards
// of every front end (Discord's /carcassonne score, the terminal's
// score): what each player holds besides points, and where the mage and
// the witch stand.

// Standing says what player p of game g holds besides points, in vo's
// words, one phrase each, in this order: the figures in supply ("7
// followers and the large follower in supply"), with Traders & Builders
// the builder, the pig and the goods, with King & Robber Baron "the King"
// and "the Robber Baron" when p holds them, with The Tower the tower
// pieces and the prisoners p holds, with The Princess & the Dragon "the
// fairy at (2,-1)" when p owns her, with The Gold Mines the gold ingots,
// with The Messengers the spaces of p's marker and messenger on the
// scoreboard ("marker on space 23, messenger on space 8", until the
// messengers join the markers), with The Robbers where p's robber stands
// ("robber at space 12, by the markers") while it is on the scoreboard
// (001_…, "The Messengers", "The Robbers"). names names the players.
func (vo Voice) Standing(g *engine.Game, names Names, p int) []string {
	var set engine.ExpansionSet
	if g.Rules() != nil {
		set = g.Rules().Expansions
	}
	n := g.Supply(p)
	supply := vo.n("turn.standing.supply", n)
	if set.Has(engine.ExpansionInnsAndCathedrals) {
		if g.SupplyOf(p, engine.FigureLarge) > 0 {
			supply = vo.n("turn.standing.supply_large", n)
		} else {
			supply = vo.t("turn.standing.large_on_board", "Supply", supply)
		}
	}
	out := []string{supply}
	if set.Has(engine.ExpansionTradersAndBuilders) {
		where := func(f engine.Figure, id string) string {
			if g.SupplyOf(p, f) > 0 {
				return vo.t("turn.standing." + id + "_supply")
			}
			return vo.t("turn.standing." + id + "_board")
		}
		gs := g.Goods(p)
		out = append(out, where(engine.FigureBuilder, "builder"), where(engine.FigurePig, "pig"),
			vo.t("turn.standing.goods", "Wine", gs[engine.GoodWine], "Grain", gs[engine.GoodGrain], "Cloth", gs[engine.GoodCloth]))
	}
	if k, ok := g.King(); ok && k == p {
		out = append(out, vo.t("turn.standing.king"))
	}
	if b, ok := g.RobberBaron(); ok && b == p {
		out = append(out, vo.t("turn.standing.robber_baron"))
	}
	if set.Has(engine.ExpansionTower) {
		out = append(out, vo.n("turn.standing.tower_pieces", g.TowerPieces(p)))
		var held []string
		for _, pr := range g.Prisoners(p) {
			held = append(held, vo.t("turn.standing.prisoner", "Player", names.of(g, pr.Player), "Figure", vo.Figure(pr.Figure)))
		}
		if len(held) > 0 {
			out = append(out, vo.t("turn.standing.holding", "Prisoners", vo.JoinAnd(held)))
		}
	}
	if c, owner, ok := g.Fairy(); ok && owner == p {
		out = append(out, vo.t("turn.standing.fairy", "Cell", c.String()))
	}
	if set.Has(engine.ExpansionGoldMines) {
		out = append(out, vo.n("turn.standing.gold", g.Gold(p)))
	}
	if v, ok := g.Messenger(p); ok {
		out = append(out, vo.t("turn.standing.pawns", "Marker", engine.BoardSpace(g.Marker(p)), "Messenger", engine.BoardSpace(v)))
	}
	if r, ok := g.Robber(p); ok {
		id := "turn.standing.robber_marker"
		if r.Pawn == engine.PawnMessenger {
			id = "turn.standing.robber_messenger"
		}
		out = append(out, vo.t(id, "Space", r.Space))
	}
	return out
}

// MagicStanding says where the mage and the witch stand in game g, in
// vo's words ("The mage on the road (north) at (1,0), the witch off the
// board."); "" without Mage & Witch.
func (vo Voice) MagicStanding(g *engine.Game) string {
	if g.Rules() == nil || !g.Rules().Expansions.Has(engine.ExpansionMageAndWitch) {
		return ""
	}
	where := func(f engine.MagicFigure) string {
		if t, ok := g.MagicAt(f); ok {
			return vo.t("turn.standing."+f.String()+"_at", "At", vo.At(g, t))
		}
		return vo.t("turn.standing." + f.String() + "_off")
	}
	return vo.t("turn.standing.magic", "Mage", where(engine.MagicMage), "Witch", where(engine.MagicWitch))
}

// RansomOffer says to the player whose turn it is in game g which of
// their followers they may buy back before placing the tile, and for how
// many points (engine.Game.Ransoms, engine.RansomPoints; 004_…, "The
// prisoners"): "Ransom: you may pay 3 points to free your follower held
// by Bob before you place the tile (how).", how being the front end's way
// to pay ("button Ransom", "ransom Bob"); "" when they may pay none.
// names names the players. Messages turn.ransom.offer and
// turn.ransom.held, in vo's language.
func (vo Voice) RansomOffer(g *engine.Game, names Names, how string) string {
	var held []string
	for _, r := range g.Ransoms() {
		held = append(held, vo.t("turn.ransom.held", "Figure", vo.Figure(r.Figure), "Jailer", names.of(g, r.Jailer)))
	}
	if len(held) == 0 {
		return ""
	}
	return vo.n("turn.ransom.offer", engine.RansomPoints, "Held", vo.JoinOr(held), "How", how)
}
