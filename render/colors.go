package render

import "image/color"

// rgb returns an opaque colour from a 0xRRGGBB number.
func rgb(v uint32) color.RGBA {
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

// rgba returns a premultiplied colour from a 0xRRGGBB number and an alpha
// from 0 to 1.
func rgba(v uint32, a float64) color.RGBA {
	c := rgb(v)
	k := func(x uint8) uint8 { return uint8(float64(x)*a + 0.5) }
	return color.RGBA{k(c.R), k(c.G), k(c.B), uint8(a*255 + 0.5)}
}

// The palette of the pictures.
var (
	colTable      = rgb(0x2b2d33) // the table under the board
	colGrid       = rgb(0x34373e) // empty cells
	colMarginText = rgb(0xb9bbbe)
	colPanel      = rgb(0x1f2024)
	colPanelLine  = rgb(0x3a3c43)
	colText       = rgb(0xf2f3f5)
	colTextDim    = rgb(0xa3a6aa)
	colHighlight  = rgb(0xffd54a)

	colGrass     = rgb(0x8cbf52)
	colGrassDark = rgb(0x76a843)
	colRoadEdge  = rgb(0x7a6548)
	colRoad      = rgb(0xf1e6c8)
	colRiver     = rgb(0x4c93d8)
	colRiverEdge = rgb(0x2e6aa8)

	colCity       = rgb(0xcfc2a3) // an open city
	colCityClosed = rgb(0xe9c46a) // a completed city
	colWall       = rgb(0x6e5a40)
	colRoof       = rgb(0xb3896a)
	colRoofDark   = rgb(0x8c6a50)
	colRoofClosed = rgb(0xc2452d)
	colRoofCDark  = rgb(0x962f1f)

	colChurch     = rgb(0xeee6d3)
	colChurchRoof = rgb(0xb9553a)
	colChurchDark = rgb(0x8e3b27)

	colShield     = rgb(0x2f5fb8)
	colShieldMark = rgb(0xf6f1e0)
)

// playerColours are the followers' colours by player index: red, green,
// blue, yellow, black, grey.
var playerColours = [6]color.RGBA{
	rgb(0xd7263d), rgb(0x2e9e44), rgb(0x2f6fe4), rgb(0xf4c430), rgb(0x26262a), rgb(0xa0a4ab),
}

// playerColourNames are the names of playerColours.
var playerColourNames = [6]string{"red", "green", "blue", "yellow", "black", "grey"}

// playerInk is the colour of text written on a player's colour.
var playerInk = [6]color.RGBA{
	rgb(0xffffff), rgb(0xffffff), rgb(0xffffff), rgb(0x1b1b1b), rgb(0xffffff), rgb(0x1b1b1b),
}

// PlayerColour returns the colour of player i's followers (by index in turn
// order): red, green, blue, yellow, black, grey. It wraps around for indices
// beyond 5.
func PlayerColour(i int) color.RGBA { return playerColours[((i%6)+6)%6] }

// PlayerColourName returns the name of player i's colour ("red").
func PlayerColourName(i int) string { return playerColourNames[((i%6)+6)%6] }
