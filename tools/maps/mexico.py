"""Mexico: the geography and design of data/maps/rotw/mexico.toml, our own map for 2-4 players
(tools/make_rotw_map.py, GEOGRAPHY "data"): Mexico from the U.S. border to Yucatán, the two Sierra
Madres and the volcanic belt round Mexico City (railways-of-the-world.txt, "RAILWAYS of MEXICO").

Geography from data (tools/geodata.py, tools/rotw_geo.py); the United States and Central America are
off the board (hand-drawn ``SEAS`` along the borders), the Rio Grande drawn by hand. No published board
was used. Players, markers and "don't reduce" are the rulebook's ("Ending the Game" of Mexico; "Cube
Reduction Chart").
"""
ID = "mexico"
NAME = "Mexico"
SUMMARY = "Border to Yucatán: silver towns of the Sierra Madre and the capital's valley"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HEADER = ["Geography and design: tools/maps/mexico.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = -117.3, 32.7
COLS, ROWS = 31, 22
SIZE_KM = 58.0
REF_LAT = 24.0

EMPTY_CITY_MARKERS = {2: 8, 3: 9, 4: 10}
MARKERS_NOTE = 'the rulebook\'s, "RAILWAYS of MEXICO", "Ending the Game"'
CUBE_REDUCTION = []
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": Mexico, don\'t reduce.']
MOUNTAIN_SCORE, RIDGE_SCORE = 0.9, 1.3

GAZETTEER = {"least": 50000, "count": 44, "majors": 6, "countries": ("MX",),
             "rename": {"Mexico City": "Ciudad de México", "Heroica Ciudad de Juchitán de Zaragoza": "Juchitán",
                        "Heroica Nogales": "Nogales"},
             "drop": ("Ecatepec de Morelos", "Nezahualcóyotl", "Ciudad Nezahualcoyotl", "Naucalpan de Juárez",
                      "Tlalnepantla", "Chimalhuacán", "Tlaquepaque", "Zapopan", "Guadalupe", "San Nicolás de los Garza",
                      "Apodaca", "General Escobedo", "Tonalá", "Soledad de Graciano Sánchez", "Ixtapaluca",
                      "Nicolás Romero", "Cuautitlán Izcalli", "Iztapalapa", "Gustavo A. Madero", "Coyoacán")}
SEAS = [
    [(32.75, -118.0), (32.72, -114.7), (31.33, -111.07), (31.33, -108.2), (31.78, -106.5),
     (29.6, -104.5), (29.3, -103.2), (29.8, -101.4), (27.5, -99.5), (25.9, -97.15), (25.9, -84.0),
     (36.0, -84.0), (36.0, -118.0)],                                                  # the United States
    [(17.82, -92.0), (17.82, -89.15), (18.5, -88.3), (14.0, -88.3), (14.0, -92.2)],   # Guatemala, Belize
]
RIVERS = [[(31.78, -106.5), (29.6, -104.5), (29.3, -103.2), (29.8, -101.4), (27.5, -99.5), (25.95, -97.2)]]
RIVER_KM = 16.0
SERVICE_BOUNTIES = []
