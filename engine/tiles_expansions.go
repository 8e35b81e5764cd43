package engine

// The land tiles of the expansions, exactly as the tables of
// spec/expansions/tiles-*.md give them (names, counts, edges N E S W,
// features and markers in canonical orientation), in the tileSpec syntax of
// tiles.go. TestExpansionTilesMatchSpec reads the spec files (copies in
// testdata/expansions) and checks every tile against these tables.

// riverSpecs are the tiles of The River (`river`), spec/expansions/tiles-river.md.
var riverSpecs = []tileSpec{
	{"RV01", "F~FF", 1, "river*spring:E; field:NNW N NNE ENE ESE SSE S SSW WSW W WNW"},
	{"RV02", "FFF~", 1, "river*lake:W; field:NNW N NNE ENE E ESE SSE S SSW WSW WNW"},
	{"RV03", "C~C~", 1, "city:NNW N NNE; city:SSE S SSW; river:E W; field>0:ENE WNW; field>1:ESE WSW"},
	{"RV04", "C~R~", 1, "city:NNW N NNE; road:S; river:E W; field>0:ENE; field>0:WNW; field:ESE SSE; field:SSW WSW"},
	{"RV05", "F~R~", 1, "cloister:C; road:S; river:E W; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW"},
	{"RV06", "~R~R", 1, "road:E W; river:N S; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW"},
	{"RV07", "F~F~", 2, "river:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW"},
	{"RV08", "C~~C", 1, "city:NNW N NNE WSW W WNW; river:E S; field>0:ENE SSW; field:ESE SSE"},
	{"RV09", "RR~~", 1, "road:N E; river:S W; field:NNW ESE SSE WNW; field:NNE ENE; field:SSW WSW"},
	{"RV10", "FF~~", 2, "river:S W; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW"},
}

// river2Specs are the tiles of The River II (`river2`), spec/expansions/tiles-river2.md.
var river2Specs = []tileSpec{
	{"R201", "F~FF", 1, "river*spring:E; field:NNW N NNE ENE ESE SSE S SSW WSW W WNW"},
	{"R202", "FCF~", 1, "city:ENE E ESE; river:W; field>0:NNW N NNE WNW; field>0:SSE S SSW WSW"},
	{"R203", "FFF~", 1, "river*lake:W; field:NNW N NNE ENE E ESE SSE S SSW WSW WNW; *volcano"},
	{"R204", "~~F~", 1, "river*fork:N E W; field:NNW WNW; field:NNE ENE; field:ESE SSE S SSW WSW"},
	{"R205", "~C~C", 1, "city:ENE E ESE WSW W WNW; river:N S; field>0:NNE SSE; field>0:NNW SSW"},
	{"R206", "F~F~", 1, "cloister:C; river:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW"},
	{"R207", "~R~R", 1, "road*inn:E W; river:N S; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW"},
	{"R208", "C~R~", 1, "city:NNW N NNE; road:S; river:E W; field>0:ENE; field>0:WNW; field:ESE SSE; field:SSW WSW"},
	{"R209", "FF~~", 1, "river:S W; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW"},
	{"R210", "C~~C", 1, "city+:NNW N NNE WSW W WNW; river:E S; field>0:ENE SSW; field:ESE SSE"},
	{"R211", "~FF~", 1, "river:N W; field*pig-herd:NNE ENE E ESE SSE S SSW WSW; field:NNW WNW"},
	{"R212", "RR~~", 1, "road:N E; river:S W; field:NNW ESE SSE WNW; field:NNE ENE; field:SSW WSW"},
}

// innsSpecs are the tiles of Inns & Cathedrals (`inns-and-cathedrals`), spec/expansions/tiles-inns-and-cathedrals.md.
var innsSpecs = []tileSpec{
	{"IC01", "CCCC", 2, "city*cathedral:NNW N NNE ENE E ESE SSE S SSW WSW W WNW"},
	{"IC02", "FRFR", 1, "cloister:C; road:W; road:E; field:ESE SSE S SSW WSW; field:NNW N NNE ENE WNW"},
	{"IC03", "CCCC", 1, "city:NNW N NNE; city:WSW W WNW; city:ENE E ESE; city:SSE S SSW; field>0,1,2,3:C"},
	{"IC04", "CCFC", 1, "city:NNW N NNE; city:WSW W WNW; city:ENE E ESE; field>0,1,2:SSE S SSW"},
	{"IC05", "CRCR", 1, "city:NNW N NNE; city:SSE S SSW; road:W; road:E; field>1:ESE; field>1:WSW; field>0:ENE; field>0:WNW"},
	{"IC06", "CFCC", 1, "city+:NNW N NNE WSW W WNW; city:SSE S SSW; field>0,1:ENE E ESE"},
	{"IC07", "CFFF", 1, "city:NNW N NNE; field>0:ENE E ESE; field>0:SSE S SSW WSW W WNW"},
	{"IC08", "CFRF", 1, "city:NNW N NNE; road:S; field>0:SSW WSW W WNW; field>0:ENE E ESE SSE"},
	{"IC09", "CRFC", 1, "city:NNW N NNE WSW W WNW; road:E; field>0:ENE; field>0:ESE SSE S SSW"},
	{"IC10", "RCRC", 1, "city+:ENE E ESE WSW W WNW; road:N; road:S; field>0:NNW; field>0:NNE; field>0:SSE; field>0:SSW"},
	{"IC11", "CFRC", 1, "city:NNW N NNE WSW W WNW; road*inn:S; field>0:SSW; field>0:ENE E ESE SSE"},
	{"IC12", "CFRR", 1, "city:NNW N NNE; road*inn:S W; field:SSW WSW; field>0:ENE E ESE SSE WNW"},
	{"IC13", "CRRC", 1, "city+:NNW N NNE WSW W WNW; road*inn:E S; field:ESE SSE; field>0:ENE SSW"},
	{"IC14", "FRRR", 1, "road*inn:E; road:W; road:S; field:NNW N NNE ENE WNW; field:SSW WSW; field:ESE SSE"},
	{"IC15", "FRFR", 1, "road*inn:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW"},
	{"IC16", "FFRR", 1, "road*inn:S W; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW"},
	{"IC17", "RRRR", 1, "road:N W; road:E S; field:NNW WNW; field:ESE SSE; field:NNE ENE SSW WSW"},
}

// tradersSpecs are the tiles of Traders & Builders (`traders-and-builders`), spec/expansions/tiles-traders-and-builders.md.
var tradersSpecs = []tileSpec{
	{"TB01", "CFFC", 1, "city*grain:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW"},
	{"TB02", "CFFC", 1, "city*wine:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW"},
	{"TB03", "FCCC", 1, "city*cloth:ENE E ESE WSW W WNW; city:SSE S SSW; field>0:NNW N NNE; field>0,1:C"},
	{"TB04", "FCCC", 1, "city*wine:ENE E ESE WSW W WNW; city:SSE S SSW; field>0:NNW N NNE; field>0,1:C"},
	{"TB05", "CCFC", 1, "city*grain:NNW N NNE ENE E ESE WSW W WNW; field>0:SSE S SSW"},
	{"TB06", "CCCC", 1, "city*cloth:NNW N NNE WSW W WNW; city:SSE S SSW; city:ENE E ESE; field>0,1,2:C"},
	{"TB07", "CRRC", 1, "city*cloth:NNW N NNE WSW W WNW; road:S; road:E; field>0:SSW; field>0:SSE; field>0:ESE; field>0:ENE"},
	{"TB08", "CRRC", 1, "city*wine:NNW N NNE WSW W WNW; road:S; road:E; field>0:SSW; field>0:ESE SSE; field>0:ENE"},
	{"TB09", "CRCC", 1, "city*cloth:NNW N NNE WSW W WNW; city:SSE S SSW; road:E; field>0:ENE; field>0,1:ESE"},
	{"TB10", "CRCC", 1, "city*grain:NNW N NNE WSW W WNW; city:SSE S SSW; road:E; field>0:ENE; field>0,1:ESE"},
	{"TB11", "CRFC", 1, "city*cloth:NNW N NNE WSW W WNW; road:E; field>0:ENE; field>0:ESE SSE S SSW"},
	{"TB12", "CRFC", 1, "city*wine:NNW N NNE WSW W WNW; road:E; field>0:ENE; field>0:ESE; field>0:SSE S SSW"},
	{"TB13", "CCRC", 1, "city*wine:NNW N NNE ENE E ESE WSW W WNW; road:S; field>0:SSW; field>0:SSE"},
	{"TB14", "CCCC", 1, "city*wine:NNW N NNE WSW W WNW; city:ENE E ESE SSE S SSW; field>0,1:C"},
	{"TB15", "FCFC", 1, "city*wine:ENE E ESE WSW W WNW; field>0:NNW N NNE; field>0:SSE S SSW"},
	{"TB16", "CRFF", 1, "city:NNW N NNE; road:E; field>0:ENE; field>0:ESE SSE S SSW WSW W WNW"},
	{"TB17", "FCRC", 1, "city*grain:ENE E ESE WSW W WNW; road:S; field>0:NNW N NNE; field>0:SSW; field>0:SSE"},
	{"TB18", "FCRC", 1, "city*wine:ENE E ESE WSW W WNW; road:S; field>0:NNW N NNE; field>0:SSW; field>0:SSE"},
	{"TB19", "RCRC", 1, "city*wine:ENE E ESE WSW W WNW; road:N; road:S; field>0:NNW; field>0:NNE; field>0:SSE; field>0:SSW"},
	{"TB20", "FRRR", 1, "cloister:C; road:E; road:S; road:W; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW"},
	{"TB21", "CFRC", 1, "city*grain:NNW N NNE WSW W WNW; road:S; field>0:SSW; field>0:ENE E ESE SSE"},
	{"TB22", "CFRC", 1, "city*grain:NNW N NNE WSW W WNW; road:S; field>0:SSW; field>0:SSE; field>0:ENE E ESE"},
	{"TB23", "CFRR", 1, "city:NNW N NNE; road:W; road:S; field>0:WNW; field:SSW WSW; field>0:ENE E ESE SSE"},
	{"TB24", "RRRR", 1, "road:N S; road:E W; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW; *bridge"},
}

// princessSpecs are the tiles of The Princess & the Dragon (`princess-and-dragon`), spec/expansions/tiles-princess-and-dragon.md.
var princessSpecs = []tileSpec{
	{"PD01", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW; *volcano"},
	{"PD02", "RRRR", 1, "road:N W; road:E S; field:NNW WNW; field:ESE SSE; field:NNE ENE SSW WSW; *magic-portal"},
	{"PD03", "FFRF", 1, "road:S; field:NNW N NNE ENE E ESE SSE SSW WSW W WNW; *volcano"},
	{"PD04", "CFFF", 1, "city:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW; *dragon"},
	{"PD05", "CFFF", 1, "city:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW; *volcano"},
	{"PD06", "FRRR", 1, "cloister:C; road:E; road:S; road:W; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW; *dragon"},
	{"PD07", "FRRR", 1, "road:E; road:S; road:W; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW; *dragon"},
	{"PD08", "FRRR", 1, "road:E; road:S; road:W; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW; *magic-portal"},
	{"PD09", "CRRR", 1, "city*princess:NNW N NNE; road:E; road:S; road:W; field>0:ENE WNW; field:SSW WSW; field:ESE SSE"},
	{"PD10", "CCCF", 1, "city*princess:NNW N NNE; city+:ENE E ESE SSE S SSW; field>0:WSW W WNW; field>0,1:C"},
	{"PD11", "CCFC", 1, "city*princess:NNW N NNE ENE E ESE WSW W WNW; field>0:SSE S SSW"},
	{"PD12", "CCFC", 1, "city+:NNW N NNE ENE E ESE WSW W WNW; field>0:SSE S SSW; *magic-portal"},
	{"PD13", "CCFC", 1, "cloister:C; city:NNW N NNE ENE E ESE WSW W WNW; field>1:SSE S SSW; *dragon"},
	{"PD14", "FFRR", 2, "road:S W; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW; *dragon"},
	{"PD15", "FFRR", 1, "road:S W; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW; *volcano"},
	{"PD16", "FRFR", 1, "road:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW; *dragon"},
	{"PD17", "FRFR", 1, "road:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW; *volcano"},
	{"PD18", "CFFC", 1, "city*princess:NNW N NNE WSW W WNW; field>0:ENE E ESE; field>0:SSE S SSW"},
	{"PD19", "CFFC", 1, "city:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW; *dragon"},
	{"PD20", "CFFC", 1, "city*princess:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW"},
	{"PD21", "CCFF", 1, "city:ENE E ESE; city:NNW N NNE; field>0,1:SSE S SSW WSW W WNW; *volcano"},
	{"PD22", "FCFC", 1, "city+:ENE E ESE WSW W WNW; field>0:NNW N NNE; field>0:SSE S SSW; *dragon"},
	{"PD23", "CRRC", 1, "city*princess:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE"},
	{"PD24", "CRRC", 1, "city:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE; *magic-portal"},
	{"PD25", "RCRC", 1, "city:ENE E ESE WSW W WNW; road*tunnel:N S; field>0:NNW NNE; field>0:SSE SSW; *dragon"},
	{"PD26", "CFRR", 1, "city:NNW N NNE; road:S W; field>0:ENE E ESE SSE WNW; field:SSW WSW; *dragon"},
	{"PD27", "CFRR", 1, "city:NNW N NNE; road:S W; field>0:ENE E ESE SSE WNW; field:SSW WSW; *magic-portal"},
	{"PD28", "CRRF", 1, "city:NNW N NNE; road:E S; field>0:ENE SSW WSW W WNW; field:ESE SSE; *dragon"},
	{"PD29", "CRRF", 1, "city:NNW N NNE; road:E S; field>0:ENE SSW WSW W WNW; field:ESE SSE; *magic-portal"},
}

// towerSpecs are the tiles of The Tower (`tower`), spec/expansions/tiles-tower.md.
var towerSpecs = []tileSpec{
	{"TW01", "CFFF", 2, "city:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW; *tower-foundation"},
	{"TW02", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW; *tower-foundation"},
	{"TW03", "FFFF", 1, "cloister:C; field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW; *tower-foundation"},
	{"TW04", "FFRR", 1, "road:W; road:S; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW; *tower-foundation"},
	{"TW05", "RRFR", 1, "road:W; road:N; road:E; field:NNW WNW; field:NNE ENE; field:ESE SSE S SSW WSW; *tower-foundation"},
	{"TW06", "RRRR", 1, "road:N W; road:E S; field:NNW WNW; field:ESE SSE; field:NNE ENE SSW WSW; *tower-foundation"},
	{"TW07", "RRRR", 1, "road:N; road:E; road:S; road:W; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW; *tower-foundation"},
	{"TW08", "RCRC", 1, "city:ENE E ESE WSW W WNW; road:N S; field>0:NNW; field>0:NNE; field>0:SSE; field>0:SSW; *tower-foundation"},
	{"TW09", "CFRF", 1, "city:NNW N NNE; road:S; field>0:SSW WSW W WNW; field>0:ENE E ESE SSE; *tower-foundation"},
	{"TW10", "CFRR", 1, "city:NNW N NNE; road:S W; field>0:ENE E ESE SSE WNW; field:SSW WSW; *tower-foundation"},
	{"TW11", "CRFR", 1, "city:NNW N NNE; road:E W; field>0:WNW; field>0:ENE; field:ESE SSE S SSW WSW; *tower-foundation"},
	{"TW12", "CFFC", 1, "city:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW; *tower-foundation"},
	{"TW13", "CRFC", 1, "city:NNW N NNE WSW W WNW; road:E; field>0:ENE; field>0:ESE; field>0:SSE S SSW; *tower-foundation"},
	{"TW14", "CFFC", 1, "city:NNW N NNE; city:WSW W WNW; field>0,1:ENE E ESE SSE S SSW; *tower-foundation"},
	{"TW15", "CRCR", 1, "city:NNW N NNE; city:SSE S SSW; road:E W; field>0:ENE WNW; field>1:ESE WSW; *tower-foundation"},
	{"TW16", "CCRC", 1, "city:NNW N NNE ENE E ESE WSW W WNW; road:S; field>0:SSE; field>0:SSW; *tower-foundation"},
	{"TW17", "CCCC", 1, "city+:NNW N NNE ENE E ESE WSW W WNW; city:SSE S SSW; field>0,1:C; *tower-foundation"},
}

// flyingSpecs are the tiles of The Flying Machines (`flying-machines`), spec/expansions/tiles-flying-machines.md.
var flyingSpecs = []tileSpec{
	{"FM01", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW; *flying-machine=NW"},
	{"FM02", "FFFF", 1, "field:NNW N NNE ENE E ESE SSE S SSW WSW W WNW; *flying-machine=W"},
	{"FM03", "FRFR", 1, "road:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW; *flying-machine=NW"},
	{"FM04", "RFRF", 1, "road:N S; field:NNW SSW WSW W WNW; field:NNE ENE E ESE SSE; *flying-machine=W"},
	{"FM05", "FRFR", 1, "road:E W; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW; *flying-machine=W"},
	{"FM06", "FRRF", 1, "road:E S; field:NNW N NNE ENE SSW WSW W WNW; field:ESE SSE; *flying-machine=NW"},
	{"FM07", "RFFR", 1, "road:N W; field:NNW WNW; field:NNE ENE E ESE SSE S SSW WSW; *flying-machine=W"},
	{"FM08", "FFRR", 1, "road:S W; field:SSW WSW; field:NNW N NNE ENE E ESE SSE WNW; *flying-machine=W"},
}

// ferriesSpecs are the tiles of The Ferries (`ferries`), spec/expansions/tiles-ferries.md.
var ferriesSpecs = []tileSpec{
	{"FE01", "CRRR", 3, "city:NNW N NNE; road:W; road:S; road:E; field>0:ENE WNW; field:ESE SSE; field:SSW WSW; *lake"},
	{"FE02", "FRRR", 4, "road:W; road:S; road:E; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW; *lake"},
	{"FE03", "RRRR", 1, "road:N; road:W; road:S; road:E; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW; *lake"},
}

// goldSpecs are the tiles of The Gold Mines (`gold-mines`), spec/expansions/tiles-gold-mines.md.
var goldSpecs = []tileSpec{
	{"GM01", "FRRF", 1, "cloister:C; road:E S; field:NNW N NNE ENE SSW WSW W WNW; field:ESE SSE; *gold-mine"},
	{"GM02", "CFFC", 1, "cloister:C; city:NNW N NNE WSW W WNW; field>1:ENE E ESE SSE S SSW; *gold-mine"},
	{"GM03", "CRRC", 1, "cloister:C; city:NNW N NNE WSW W WNW; road:E S; field>1:ENE SSW; field:ESE SSE; *gold-mine"},
	{"GM04", "RRRR", 1, "cloister:C; road:N E; road:S W; field:NNE ENE; field:SSW WSW; field:NNW ESE SSE WNW; *gold-mine"},
	{"GM05", "RRRR", 1, "road:N W; road:E S; field:NNW WNW; field:ESE SSE; field:NNE ENE SSW WSW; *gold-mine"},
	{"GM06", "CRRC", 1, "city:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE; *gold-mine"},
	{"GM07", "RCRC", 1, "city:ENE E ESE WSW W WNW; road:N S; field>0:NNW; field>0:NNE; field>0:SSE; field>0:SSW; *gold-mine"},
	{"GM08", "RRRR", 1, "road:N S; road:E W; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW; *gold-mine"},
}

// mageSpecs are the tiles of Mage & Witch (`mage-and-witch`), spec/expansions/tiles-mage-and-witch.md.
var mageSpecs = []tileSpec{
	{"MW01", "CRRR", 1, "city:NNW N NNE; road:E; road:S; road:W; field>0:ENE WNW; field:SSW WSW; field:ESE SSE; *magic"},
	{"MW02", "CRRC", 1, "city:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE; *magic"},
	{"MW03", "CCRC", 1, "city:WSW W WNW; city:NNW N NNE; city:ENE E ESE; road:S; field>0,1,2:SSW; field>2:SSE; *magic"},
	{"MW04", "RCRC", 1, "city:ENE E ESE WSW W WNW; road:N; road:S; field>0:NNW; field>0:NNE; field>0:SSE; field>0:SSW; *magic"},
	{"MW05", "CFCF", 1, "city:NNW N NNE; city:SSE S SSW; field>0,1:ENE E ESE WSW W WNW; *magic"},
	{"MW06", "CCRC", 1, "city:NNW N NNE ENE E ESE WSW W WNW; road:S; field>0:SSE; field>0:SSW; *magic"},
	{"MW07", "CRRR", 1, "city:NNW N NNE; road:E; road:S W; field>0:ENE; field>0:ESE SSE WNW; field:SSW WSW; *magic"},
	{"MW08", "CRRC", 1, "city:NNW N NNE; city:WSW W WNW; road:E S; field>0,1:ENE SSW; field:ESE SSE; *magic"},
}

// cropSpecs are the tiles of The Crop Circles (I and II) (`crop-circles`), spec/expansions/tiles-crop-circles.md.
var cropSpecs = []tileSpec{
	{"CC01", "CFFC", 1, "city:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW; *crop-circle; *crop-shield"},
	{"CC02", "CCFF", 1, "city:NNW N NNE; city:ENE E ESE; field>0,1:SSE S SSW WSW W WNW; *crop-circle; *crop-shield"},
	{"CC03", "CRFF", 1, "city:NNW N NNE; road:E; field>0:ENE ESE SSE S SSW WSW W WNW; *crop-circle; *crop-fork"},
	{"CC04", "FFRR", 1, "road:S W; field:NNW N NNE ENE E ESE SSE WNW; field:SSW WSW; *crop-circle; *crop-club"},
	{"CC05", "CFRR", 1, "city:NNW N NNE; road:S W; field>0:ENE E ESE SSE WNW; field:SSW WSW; *crop-circle; *crop-fork"},
	{"CC06", "RFRR", 1, "road:N; road:W; road:S; field:NNE ENE E ESE SSE; field:SSW WSW; field:NNW WNW; *crop-circle; *crop-club"},
	{"CC07", "FRRR", 1, "road:S W; road:E; field:NNW N NNE ENE WNW; field:ESE SSE; field:SSW WSW; *crop-circle; *crop-club"},
	{"CC08", "RRRR", 1, "road:S W; road:N; road:E; field:NNW ESE SSE WNW; field:NNE ENE; field:SSW WSW; *crop-circle; *crop-club"},
	{"CC09", "CFRF", 1, "city:NNW N NNE; road:S; field>0:ENE E ESE SSE SSW WSW W WNW; *crop-circle; *crop-fork"},
	{"CC10", "CRFR", 1, "city:NNW N NNE; road:W; road:E; field>0:ENE WNW; field:ESE SSE S SSW WSW; *crop-circle; *crop-fork"},
	{"CC11", "CFCF", 1, "city:NNW N NNE; city:SSE S SSW; field>0,1:WSW W WNW; field>0,1:ENE E ESE; *crop-circle; *crop-shield"},
	{"CC12", "CCCC", 1, "city:NNW N NNE WSW W WNW; city:ENE E ESE SSE S SSW; *crop-circle; *crop-shield"},
}

// kingSpecs are the tiles of King & Robber Baron (`king-and-robber`), spec/expansions/tiles-king-and-robber.md.
var kingSpecs = []tileSpec{
	{"KR01", "CFFF", 1, "cloister:C; city:NNW N NNE; field>1:ENE E ESE SSE S SSW WSW W WNW"},
	{"KR02", "CFFR", 1, "city:NNW N NNE; road:W; field>0:WNW; field>0:ENE E ESE SSE S SSW WSW"},
	{"KR03", "CRRR", 1, "city:NNW N NNE; road:W; road:E S; field>0:WNW; field>0:ENE SSW WSW; field:ESE SSE"},
	{"KR04", "CRRC", 1, "city:NNW N NNE WSW W WNW; road:S; road:E; field>0:SSW; field>0:SSE; field>0:ESE; field>0:ENE"},
	{"KR05", "CCCC", 1, "city:ENE E ESE WSW W WNW; city:NNW N NNE SSE S SSW; field>0,1:C; field>0,1:C2"},
}

// catharsSpecs are the tiles of the Cathars (siege) (`cathars`), spec/expansions/tiles-cathars.md.
var catharsSpecs = []tileSpec{
	{"CA01", "CCFC", 1, "city*besieged:NNW N NNE ENE E ESE WSW W WNW; field>0:SSE S SSW"},
	{"CA02", "CRFC", 1, "city*besieged:NNW N NNE WSW W WNW; road:E; field>0:ENE; field>0:ESE SSE S SSW"},
	{"CA03", "CFRF", 1, "city*besieged:NNW N NNE; road:S; field>0:SSW WSW W WNW; field>0:ENE E ESE SSE"},
	{"CA04", "CRRF", 1, "city*besieged:NNW N NNE; road:E S; field>0:ENE SSW WSW W WNW; field:ESE SSE"},
	{"CA05", "CFRC", 1, "city*besieged:NNW N NNE WSW W WNW; road:S; field>0:SSW; field>0:ENE E ESE SSE"},
	{"CA06", "CFRR", 1, "city*besieged:NNW N NNE; road:S W; field>0:ENE E ESE SSE WNW; field:SSW WSW"},
	{"CA07", "CFFF", 1, "city*besieged:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW"},
	{"CA08", "CRFR", 1, "city*besieged:NNW N NNE; road:E W; field>0:ENE WNW; field:ESE SSE S SSW WSW"},
	{"CA09", "CFFC", 1, "city*besieged:NNW N NNE WSW W WNW; field>0:ENE E ESE SSE S SSW"},
	{"CA10", "CRRC", 1, "city*besieged:NNW N NNE WSW W WNW; road:E S; field>0:ENE SSW; field:ESE SSE"},
}

// gq11Specs are the tiles of the Games Quarterly 11 promo (`gq11`), spec/expansions/tiles-gq11.md.
var gq11Specs = []tileSpec{
	{"GQ01", "RRRR", 1, "cloister:C; road:N; road:W; road:S; road:E; field:NNW WNW; field:NNE ENE; field:ESE SSE; field:SSW WSW"},
	{"GQ02", "FFFF", 1, "field*pig-herd:NNW N NNE ENE E ESE SSE S SSW WSW W WNW"},
	{"GQ03", "FCRC", 1, "city:ENE E ESE WSW W WNW; road:S; field>0:NNW N NNE; field>0:SSW; field>0:SSE"},
	{"GQ04", "RCRC", 1, "city:ENE E ESE WSW W WNW; road:S; road:N; field>0:NNE; field>0:NNW; field>0:SSW; field>0:SSE"},
	{"GQ05", "CRCR", 1, "city:NNW N NNE; city:SSE S SSW; road:E W; field>0:ENE WNW; field>1:ESE WSW"},
	{"GQ06", "CRRR", 1, "city:NNW N NNE; road:E; road:S W; field>0:ENE; field>0:ESE SSE WNW; field:SSW WSW"},
	{"GQ07", "CFFC", 1, "city:NNW N NNE WSW W WNW; field>0:SSE S SSW; field>0:ENE E ESE"},
	{"GQ08", "CFRC", 1, "city:NNW N NNE WSW W WNW; road:S; field>0:SSW; field>0:ENE E ESE SSE"},
	{"GQ09", "CRRC", 1, "city:NNW N NNE WSW W WNW; road:S; road:E; field>0:SSW; field>0:ENE; field>0:ESE SSE"},
	{"GQ10", "CCRC", 1, "city:NNW N NNE WSW W WNW; city:ENE E ESE; road:S; field>0:SSW; field>0,1:SSE"},
	{"GQ11", "F~FR", 1, "road:W; river*spring:E; field:NNW N NNE ENE WNW; field:ESE SSE S SSW WSW"},
	{"GQ12", "C~C~", 1, "city:NNW N NNE; city:SSE S SSW; river:E W; field>0:ENE WNW; field>1:ESE WSW"},
}

// robbersSpecs are the tiles of The Robbers (`robbers`),
// spec/expansions/tiles-robbers.md: eight tiles with a bag, the shapes of
// base tiles E, G, J, V, U and W (001_…, "The Robbers (8 tiles)").
var robbersSpecs = []tileSpec{
	{"RB01", "CFFF", 1, "city:NNW N NNE; field>0:ENE E ESE SSE S SSW WSW W WNW; *bag"},
	{"RB02", "CFCF", 1, "city:NNW N NNE SSE S SSW; field>0:ENE E ESE; field>0:WSW W WNW; *bag"},
	{"RB03", "CRRF", 1, "city:NNW N NNE; road:E S; field>0:ENE SSW WSW W WNW; field:ESE SSE; *bag"},
	{"RB04", "FFRR", 1, "road:S W; field:WNW NNW N NNE ENE E ESE SSE; field:SSW WSW; *bag"},
	{"RB05", "FFRR", 1, "road:S W; field:WNW NNW N NNE ENE E ESE SSE; field:SSW WSW; *bag"},
	{"RB06", "RFRF", 1, "road:N S; field:NNE ENE E ESE SSE; field:SSW WSW W WNW NNW; *bag"},
	{"RB07", "RFRF", 1, "road:N S; field:NNE ENE E ESE SSE; field:SSW WSW W WNW NNW; *bag"},
	{"RB08", "FRRR", 1, "road:E; road:S; road:W; field:WNW NNW N NNE ENE; field:ESE SSE; field:SSW WSW; *bag"},
}
