"""Vistula & Danube: the geography and design of data/maps/rotw/vistula-danube.toml, our own map for
3-6 players (tools/make_rotw_map.py). Central Europe from the Baltic coast to Lake Balaton and from the
Elbe to Lviv: the Polish plain, the ring of mountains round Bohemia, the arc of the Carpathians, the
eastern end of the Alps, and the Danube, Vistula, Oder, Elbe, Vltava, Warta and Tisza.

Geography: cities are real places at their real latitude/longitude (to 0.01 degree, as any atlas or
gazetteer gives them); mountains, rivers, lakes and the sea are rough outlines of the real ones, a few
points each, traced by hand from general atlas maps. No published Railways of the World board was used.
Design (ours): which cities, their colours and cubes, the bounties, the markers and the cube reduction.
Left out because the grid puts them next to a bigger neighbour: Toruń (Bydgoszcz), Częstochowa
(Katowice), Radom (Kielce), Oradea (Debrecen), Elbląg (Gdańsk); left out so that names do not run
together on the board: Cottbus, Kalisz, Nyíregyháza.
"""
ID = "vistula-danube"
NAME = "Vistula & Danube"
MIN_PLAYERS, MAX_PLAYERS = 3, 6
HEADER = ["Geography and design: tools/maps/vistula_danube.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 10.96, 54.55         # the centre of hex A1 (top-left)
COLS, ROWS = 27, 27               # 27 x 27 hexes, 38 km across: about 1,050 x 900 km
SIZE_KM = 22.0                    # hex circumradius in km
REF_LAT = 50.5

# 6 + 2 per player, the table of the Eastern U.S. (the rulebook's map for up to six players); our 55
# cities are about as many as Rhine & Alps's 50, which uses 5 + 2 per player.
EMPTY_CITY_MARKERS = {3: 12, 4: 14, 5: 16, 6: 18}
MARKERS_NOTE = "ours: 6 + 2 per player, as the Eastern U.S."
# One cube fewer a city with 3 players only. The full 100 cubes shared by three would give each railroad
# about 33, twice a six-player game's 17, on a board drawn for six; one fewer a city leaves 62 (21 each)
# and 12 markers, close to Rhine & Alps with 3 players (60 cubes, 11 markers). From 4 players the full
# count: 25 each at 4, as Rhine & Alps at 4 (96 cubes, 24 each).
CUBE_REDUCTION = [3]
CUBE_REDUCTION_NOTE = ["Ours: only with 3 players, the fewest this board takes. Three railroads sharing the full",
                       "100 cubes would have twice the goods of a six-player game; with one fewer a city they have",
                       "62 (21 each), near Rhine & Alps with 3 players (60). From 4 players the printed count."]

# name, lat, lon, colour, cubes (4-6 players; 3 players place one fewer, at least one).
# 7 major cities with 3 cubes, 31 with 2, 17 gray towns with 1: 100 cubes of the bag's 125.
# Colours: 7-8 cities each, majors spread over all five, placed so that every colour is one build
# (4 tiles) from about two thirds of the cities (the generator's report counts it).
CITIES = [
    # Germany
    ("Rostock", 54.09, 12.10, "gray", 1), ("Berlin", 52.52, 13.40, "purple", 3),
    ("Magdeburg", 52.13, 11.63, "red", 2), ("Leipzig", 51.34, 12.37, "black", 2),
    ("Dresden", 51.05, 13.74, "purple", 2), ("Chemnitz", 50.83, 12.92, "gray", 1),
    ("Regensburg", 49.01, 12.10, "gray", 1),
    # Poland
    ("Szczecin", 53.43, 14.55, "blue", 2), ("Koszalin", 54.19, 16.17, "blue", 2),
    ("Gdańsk", 54.35, 18.65, "yellow", 2), ("Bydgoszcz", 53.12, 18.01, "red", 2),
    ("Olsztyn", 53.78, 20.48, "black", 2), ("Poznań", 52.41, 16.93, "purple", 2),
    ("Zielona Góra", 51.94, 15.51, "gray", 1), ("Wrocław", 51.11, 17.04, "red", 3),
    ("Opole", 50.67, 17.93, "gray", 1), ("Piła", 53.15, 16.74, "gray", 1),
    ("Łódź", 51.76, 19.46, "blue", 2), ("Płock", 52.55, 19.70, "gray", 1),
    ("Warszawa", 52.23, 21.01, "black", 3), ("Białystok", 53.13, 23.16, "red", 2),
    ("Lublin", 51.25, 22.57, "blue", 2), ("Kielce", 50.87, 20.63, "yellow", 2),
    ("Katowice", 50.26, 19.02, "yellow", 2), ("Kraków", 50.06, 19.94, "purple", 3),
    ("Rzeszów", 50.04, 22.00, "red", 2), ("Przemyśl", 49.78, 22.77, "gray", 1),
    # Czechia
    ("Praha", 50.08, 14.44, "blue", 3), ("Plzeň", 49.75, 13.38, "yellow", 2),
    ("České Budějovice", 48.97, 14.47, "gray", 1), ("Hradec Králové", 50.21, 15.83, "black", 2),
    ("Brno", 49.20, 16.61, "black", 2), ("Olomouc", 49.59, 17.25, "gray", 1),
    ("Ostrava", 49.82, 18.26, "blue", 2),
    # Austria
    ("Wien", 48.21, 16.37, "yellow", 3), ("Linz", 48.31, 14.29, "purple", 2),
    ("Salzburg", 47.81, 13.04, "red", 2), ("Graz", 47.07, 15.44, "blue", 2),
    # Slovakia
    ("Bratislava", 48.15, 17.11, "red", 2), ("Žilina", 49.22, 18.74, "gray", 1),
    ("Banská Bystrica", 48.74, 19.15, "gray", 1), ("Košice", 48.72, 21.26, "purple", 2),
    # Hungary
    ("Budapest", 47.50, 19.04, "red", 3), ("Győr", 47.69, 17.63, "black", 2),
    ("Miskolc", 48.10, 20.78, "blue", 2), ("Debrecen", 47.53, 21.63, "yellow", 2),
    ("Szombathely", 47.23, 16.62, "gray", 1),
    ("Szolnok", 47.17, 20.19, "gray", 1),
    # Lithuania, Belarus, Ukraine
    ("Vilnius", 54.69, 25.28, "gray", 1), ("Hrodna", 53.68, 23.83, "yellow", 2),
    ("Brest", 52.09, 23.69, "purple", 2), ("Lutsk", 50.75, 25.33, "yellow", 2),
    ("Lviv", 49.84, 24.03, "black", 2), ("Ivano-Frankivsk", 48.92, 24.71, "gray", 1),
    ("Uzhhorod", 48.62, 22.29, "gray", 1),
]

# Service Bounty operations cards (ours): the three capitals in three corners of the plain, and three
# cities at the edges worth a detour.
SERVICE_BOUNTIES = [("Berlin", 3), ("Warszawa", 3), ("Wien", 3), ("Budapest", 2), ("Gdańsk", 2), ("Lviv", 2)]

MOUNTAINS = [
    [(50.42, 12.15), (50.62, 12.9), (50.78, 13.5), (50.9, 14.05), (50.75, 14.25), (50.55, 13.5),
     (50.35, 12.8), (50.2, 12.2)],                                                           # Ore Mountains
    [(50.2, 12.0), (50.1, 12.3), (49.6, 12.6), (49.55, 12.35), (50.0, 11.95)],                # Upper Palatinate Forest
    [(49.6, 12.45), (49.3, 12.9), (49.0, 13.4), (48.75, 13.85), (48.6, 14.15), (48.45, 13.95), (48.6, 13.4),
     (48.9, 12.9), (49.3, 12.45)],                                                           # Bohemian Forest
    [(50.95, 14.85), (50.9, 15.5), (50.78, 16.0), (50.55, 16.5), (50.4, 16.95), (50.2, 17.4), (50.05, 17.75),
     (49.85, 17.5), (50.0, 17.0), (50.2, 16.4), (50.45, 15.8), (50.65, 15.2), (50.7, 14.8)],  # Sudetes
    [(49.75, 15.2), (49.6, 16.1), (49.25, 16.2), (49.1, 15.5), (49.3, 15.0)],          # Bohemian-Moravian Highlands
    [(47.55, 10.5), (47.75, 11.2), (47.75, 12.5), (47.72, 13.1), (47.85, 13.8), (47.95, 14.5), (48.05, 15.2),
     (48.15, 15.7), (48.2, 16.05), (48.0, 16.15), (47.7, 16.15), (47.45, 15.9), (47.3, 15.35), (47.05, 15.15),
     (46.8, 15.2), (46.5, 15.2), (46.3, 10.5)],                                              # Eastern Alps
    [(48.2, 17.15), (48.6, 17.4), (48.95, 17.6), (49.3, 17.95), (49.55, 18.35), (49.7, 18.8), (49.78, 19.3),
     (49.8, 19.9), (49.75, 20.6), (49.65, 21.3), (49.55, 21.8), (49.0, 21.7), (48.85, 21.1), (48.7, 20.7),
     (48.55, 20.2), (48.35, 19.6), (48.3, 19.0), (48.35, 18.5), (48.55, 18.0), (48.45, 17.6),
     (48.2, 17.3)],                                                                          # Western Carpathians
    [(49.55, 21.6), (49.5, 22.4), (49.35, 23.1), (49.15, 23.7), (48.85, 24.3), (48.55, 24.8), (48.2, 25.3),
     (47.8, 25.6), (47.2, 25.8), (47.3, 24.8), (47.6, 24.0), (47.8, 23.7), (48.05, 23.3), (48.3, 22.8),
     (48.55, 22.5), (48.8, 22.3), (49.0, 21.9), (49.2, 21.6)],                               # Eastern Carpathians
    [(47.1, 22.4), (47.05, 23.2), (46.5, 23.3), (46.4, 22.3)],                                # Apuseni
    [(46.95, 17.3), (47.25, 17.65), (47.5, 18.3), (47.7, 18.75), (47.75, 19.0), (47.6, 19.0), (47.4, 18.45),
     (47.15, 17.9), (46.9, 17.55)],                                                          # Bakony to Pilis
    [(47.85, 19.55), (48.0, 19.6), (48.15, 20.3), (48.15, 20.7), (47.98, 20.6), (47.82, 19.95)],  # Mátra, Bükk
    [(50.98, 20.75), (51.0, 21.3), (50.8, 21.4), (50.75, 20.8)],                              # Holy Cross Mountains
]
# The high Alps and the High Tatras: ridges along their northern rim.
HIGH_RANGES = [
    [(47.3, 10.5), (47.3, 12.3), (47.2, 13.0), (47.15, 13.6), (46.9, 13.6), (46.9, 10.5)],   # Ötztal to Hohe Tauern
    [(49.28, 19.6), (49.28, 20.35), (49.1, 20.35), (49.1, 19.6)],                             # High Tatras
]
RIVER_KM = 16.0                   # Rhine & Alps's 19 km scaled to the smaller hexes
RIVERS = [
    [(49.01, 12.10), (48.88, 12.57), (48.57, 13.46), (48.31, 14.29), (48.17, 15.08), (48.38, 15.6),
     (48.21, 16.37), (48.14, 17.11), (47.76, 18.13), (47.79, 18.74), (47.78, 19.13), (47.50, 19.04),
     (46.9, 18.95), (46.5, 18.9)],                                                           # Danube
    [(49.65, 18.9), (50.05, 19.94), (50.3, 21.0), (50.68, 21.75), (51.56, 21.85), (52.23, 21.01),
     (52.55, 19.70), (52.65, 19.07), (53.01, 18.60), (53.48, 18.75), (54.09, 18.78), (54.36, 18.95)],  # Vistula
    [(49.85, 18.3), (50.09, 18.22), (50.67, 17.93), (50.86, 17.47), (51.11, 17.04), (51.66, 16.08),
     (51.8, 15.7), (52.05, 15.1), (52.35, 14.55), (52.59, 14.65), (53.06, 14.28), (53.43, 14.55)],  # Oder
    [(50.21, 15.83), (50.04, 15.78), (50.03, 15.2), (50.35, 14.47), (50.66, 14.03), (51.05, 13.74),
     (51.16, 13.47), (51.56, 13.0), (51.87, 12.65), (51.84, 12.24), (52.13, 11.63), (52.54, 11.97),
     (52.83, 12.07), (53.0, 11.75), (53.14, 11.25)],                                          # Elbe
    [(48.97, 14.47), (49.4, 14.35), (49.8, 14.4), (50.08, 14.42), (50.35, 14.47)],            # Vltava
    [(47.95, 23.0), (48.2, 22.5), (48.12, 21.41), (47.62, 20.76), (47.17, 20.19), (46.6, 20.1)],  # Tisza
    [(50.8, 19.12), (51.6, 18.73), (52.22, 18.26), (52.41, 16.93), (52.73, 15.24), (52.59, 14.65)],  # Warta
]
LAKES = [
    (53.78, 14.25, 20),                                     # Szczecin Lagoon
    (46.78, 17.55, 13), (46.93, 17.9, 12),                  # Balaton
    (47.83, 16.75, 12),                                     # Neusiedler See
    (53.85, 21.7, 18),                                      # Masurian lakes
]
SEAS = [
    [(55.2, 10.5), (54.0, 10.5), (54.0, 11.0), (54.15, 11.8), (54.2, 12.3), (54.45, 12.7), (54.35, 13.1),
     (54.2, 13.6), (54.0, 14.1), (53.95, 14.5), (54.05, 15.0), (54.2, 15.7), (54.45, 16.4), (54.6, 16.9),
     (54.75, 17.5), (54.8, 18.2), (54.6, 18.5), (54.42, 18.65), (54.38, 19.0), (54.3, 19.4), (54.45, 19.9),
     (54.7, 20.0), (54.9, 20.2), (55.2, 20.2)],                                              # Baltic Sea
]
