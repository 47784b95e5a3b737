"""Europe: the geography and design of data/maps/rotw/europe.toml, our own map for 3-5 players
(tools/make_rotw_map.py, GEOGRAPHY "data"): Europe from Lisbon to Moscow's approaches and from
Scotland to Sicily (railways-of-the-world.txt, "RAILWAYS of EUROPE": more mountainous, competition
comes early).

Geography from data (tools/geodata.py, tools/rotw_geo.py); Africa and Asia are off the board
(``SEAS``). No published board was used. Players, markers and "don't reduce" are the rulebook's
("Ending the Game" of Europe; "Cube Reduction Chart").
"""
ID = "europe"
NAME = "Europe"
SUMMARY = "Lisbon to Moscow's road: capitals, the Alps and the Pyrenees"
MIN_PLAYERS, MAX_PLAYERS = 3, 5
HEADER = ["Geography and design: tools/maps/europe.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = -9.8, 59.0
COLS, ROWS = 32, 30
SIZE_KM = 54.0
REF_LAT = 48.0

EMPTY_CITY_MARKERS = {3: 11, 4: 13, 5: 15}
MARKERS_NOTE = 'the rulebook\'s, "RAILWAYS of EUROPE", "Ending the Game"'
CUBE_REDUCTION = []
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": Europe, don\'t reduce.']
MOUNTAIN_SCORE, RIDGE_SCORE = 0.7, 1.15

GAZETTEER = {"least": 150000, "count": 62, "majors": 10,
             "countries": ("GB", "FR", "BE", "NL", "LU", "DE", "DK", "NO", "SE", "PL", "CZ", "SK", "AT",
                           "CH", "IT", "ES", "PT", "HU", "SI", "HR", "BA", "RS", "ME", "AL", "MK", "GR", "BG",
                           "RO", "MD", "UA", "BY", "LT", "LV", "EE", "RU"),
             "drop": ("Hospitalet de Llobregat", "L'Hospitalet de Llobregat", "Badalona", "Móstoles",
                      "Alcalá de Henares",
                      "Fuenlabrada", "Leganés", "Getafe", "Boulogne-Billancourt", "Saint-Denis", "Argenteuil",
                      "Montreuil", "Gelsenkirchen", "Bochum", "Wuppertal", "Oberhausen", "Mülheim",
                      "Sesto San Giovanni",
                      "Amadora", "Vila Nova de Gaia", "Sintra", "Salford", "Wolverhampton")}
SEAS = [[(37.5, -12.0), (37.5, 11.0), (34.0, 11.0), (34.0, -12.0)],                 # Africa
        [(41.3, 26.5), (41.3, 40.0), (34.0, 40.0), (34.0, 26.5)],                     # Asia Minor
        [(55.5, -11.0), (55.5, -5.6), (51.3, -5.6), (51.3, -11.0)],                   # Ireland
        [(38.4, 12.0), (38.4, 16.0), (36.5, 16.0), (36.5, 12.0)]]                     # Sicily
SERVICE_BOUNTIES = []
RIVERS = [
    [(47.6, 7.6), (49.0, 8.3), (50.0, 8.2), (50.9, 6.95), (51.9, 6.1)],                  # Rhine
    [(48.4, 10.0), (48.2, 16.4), (47.5, 19.05), (45.25, 19.85), (44.8, 20.45), (44.6, 22.5), (43.7, 24.9),
     (44.1, 27.3)],                                                                     # Danube
    [(50.05, 19.9), (52.2, 21.0), (53.0, 18.6), (54.3, 18.8)],                          # Vistula
]
RIVER_KM = 30.0
