"""Po Valley: the geography and design of data/maps/steam/po-valley.toml, our own map for Steam with
3-4 players (tools/make_steam_map.py). Northern Italy from Cuneo and Torino to Venezia and from the
Alpine lakes and Bolzano to the Ligurian coast and the Apennines south of Bologna: the plain of the
Po with its Alpine and Apennine rims.

Geography: cities and towns are real places at their real latitude/longitude (to 0.01 degree, as any
atlas or gazetteer gives them); the Alps, the Apennines, the Monferrato and Langhe hills, the rivers,
the three great lakes and the two seas are rough outlines of the real ones, a few points each, traced
by hand from general atlas maps. No published Steam or Railways of the World board was used.
Design (ours): which places are cities and which towns, colours, cubes and goods supply spaces.
Trieste is left out: taking it in needs 20 columns or larger hexes, and larger hexes put Padova next
to Venezia. Ferrara is a city so that each colour has four; Biella was dropped to keep 16 towns.
"""
ID = "po-valley"
NAME = "Po Valley"
MIN_PLAYERS, MAX_PLAYERS = 3, 4
HEADER = ["Geography and design: tools/maps/steam_po_valley.py; figures explained in docs/rules-assumptions.md."]

LON0, LAT0 = 7.46, 46.49          # the centre of hex A1 (top-left)
COLS, ROWS = 18, 14
SIZE_KM = 14.0                    # hex circumradius in km (24 km across)
REF_LAT = 45.2

CUBE_REDUCTION: list[int] = []
CUBE_REDUCTION_NOTE = ["Ours: none. The board is drawn for 3-4 players, and three play 10 turns against four's 8:",
                       "the full 36 city cubes give three 1.2 a railroad a turn, four 1.1."]

# name, lat, lon, colour, cubes printed. 16 cities, 4 of each colour; 4 cubes for Milano and 3 for
# Torino and Genova (the industrial triangle), 2 for the others: 36, so that with 4 players the
# cities and the 20 goods supply spaces (3 cubes each) take exactly the 96 cubes of the box.
CITIES = [
    ("Torino", 45.07, 7.69, "red", 3),
    ("Novara", 45.45, 8.62, "yellow", 2),
    ("Alessandria", 44.91, 8.61, "blue", 2),
    ("Genova", 44.41, 8.93, "purple", 3),
    ("Milano", 45.46, 9.19, "purple", 4),
    ("Bergamo", 45.70, 9.67, "red", 2),
    ("Piacenza", 45.05, 9.69, "yellow", 2),
    ("Brescia", 45.54, 10.21, "blue", 2),
    ("Parma", 44.80, 10.33, "red", 2),
    ("Verona", 45.44, 10.99, "yellow", 2),
    ("Trento", 46.07, 11.12, "purple", 2),
    ("Modena", 44.65, 10.93, "purple", 2),
    ("Bologna", 44.49, 11.34, "blue", 2),
    ("Ferrara", 44.84, 11.62, "yellow", 2),
    ("Padova", 45.41, 11.88, "red", 2),
    ("Venezia", 45.44, 12.33, "blue", 2),
]
# The 12 cities with a goods supply space (the largest around 1900); Novara, Piacenza, Trento and
# Ferrara have none and cannot grow.
SUPPLY = ["Torino", "Alessandria", "Genova", "Milano", "Bergamo", "Brescia", "Parma", "Verona", "Modena",
          "Bologna", "Padova", "Venezia"]

TOWNS = [
    ("Cuneo", 44.39, 7.55), ("Asti", 44.90, 8.21), ("Vercelli", 45.32, 8.42),
    ("Savona", 44.31, 8.48), ("Como", 45.81, 9.08), ("Pavia", 45.19, 9.16), ("Lodi", 45.31, 9.50),
    ("Cremona", 45.13, 10.02), ("La Spezia", 44.10, 9.82), ("Reggio Emilia", 44.70, 10.63),
    ("Mantova", 45.16, 10.79), ("Vicenza", 45.55, 11.55), ("Rovigo", 45.07, 11.79),
    ("Treviso", 45.67, 12.24), ("Bolzano", 46.50, 11.35), ("Ravenna", 44.42, 12.20),
]

HILLS = [
    # the Alps and their foothills, from the Maritime Alps to the Carnic Prealps
    [(44.25, 7.00), (44.36, 7.45), (44.62, 7.45), (44.88, 7.30), (45.08, 7.38), (45.27, 7.45), (45.45, 7.80),
     (45.55, 8.00), (45.70, 8.25), (45.78, 8.55), (45.85, 8.80), (45.86, 9.05), (45.88, 9.35), (45.75, 9.62),
     (45.70, 9.95), (45.58, 10.20), (45.62, 10.50), (45.55, 10.85), (45.60, 11.15), (45.72, 11.40),
     (45.80, 11.75), (45.82, 12.05), (46.00, 12.35), (46.10, 12.70), (46.15, 13.20), (47.00, 13.20),
     (47.00, 7.00)],
    # the Ligurian and Tuscan-Emilian Apennines (the sea is cut out first)
    [(44.45, 7.30), (44.40, 7.70), (44.38, 8.03), (44.60, 8.40), (44.68, 8.62), (44.75, 8.85), (44.88, 8.95),
     (45.00, 9.20), (44.96, 9.55), (44.90, 9.85), (44.72, 10.10), (44.66, 10.40), (44.58, 10.75),
     (44.48, 11.05), (44.44, 11.35), (44.33, 11.72), (44.22, 12.05), (44.10, 12.35), (43.50, 12.40),
     (43.50, 7.30)],
    # the Monferrato and Langhe hills between Torino, Asti, Alessandria and Cuneo
    [(45.14, 7.78), (45.17, 8.10), (45.10, 8.45), (44.95, 8.48), (44.80, 8.45), (44.65, 8.40), (44.55, 8.30),
     (44.50, 8.00), (44.62, 7.90), (44.80, 7.95), (44.95, 8.00), (45.02, 7.80)],
]
RIVERS = [
    ("Po", [(44.70, 7.09), (44.68, 7.45), (44.91, 7.67), (45.07, 7.70), (45.19, 7.89), (45.19, 8.10),
            (45.13, 8.45), (45.05, 8.65), (45.13, 9.22), (45.06, 9.70), (45.12, 10.02), (44.99, 10.42),
            (44.92, 10.66), (45.05, 10.75), (45.07, 11.14), (45.01, 11.30), (44.88, 11.61), (44.96, 11.75),
            (45.00, 12.05), (44.97, 12.53)]),
    ("Ticino", [(45.73, 8.63), (45.53, 8.74), (45.31, 8.86), (45.18, 9.16), (45.13, 9.22)]),
    ("Adda (Valtellina)", [(46.22, 10.17), (46.17, 9.87), (46.14, 9.40)]),
    ("Adda", [(45.85, 9.40), (45.61, 9.52), (45.53, 9.52), (45.31, 9.50), (45.19, 9.79), (45.12, 9.88)]),
    ("Tanaro", [(44.40, 7.85), (44.70, 8.03), (44.90, 8.21), (44.91, 8.61), (45.03, 8.78)]),
    ("Mincio", [(45.44, 10.69), (45.16, 10.79), (45.05, 10.92)]),
    ("Adige", [(46.50, 11.35), (46.07, 11.12), (45.89, 11.04), (45.44, 10.99), (45.19, 11.31),
               (45.10, 11.80), (45.15, 12.32)]),
    ("Piave", [(46.14, 12.22), (45.82, 12.21), (45.63, 12.57), (45.53, 12.73)]),
]
# Narrow lakes drawn as their long axes: track may not cross them.
WALLS = [
    ("Lago Maggiore", [(46.16, 8.80), (46.00, 8.72), (45.92, 8.60), (45.85, 8.56), (45.76, 8.57)]),
    ("Lago di Como", [(46.15, 9.38), (46.05, 9.30), (45.98, 9.25), (45.90, 9.15), (45.82, 9.08)]),
    ("Lago di Lecco", [(45.98, 9.26), (45.92, 9.33), (45.86, 9.39)]),
    ("Lago di Garda", [(45.88, 10.86), (45.75, 10.76), (45.63, 10.67), (45.53, 10.62)]),
]
SEAS = [
    # the Ligurian Sea
    [(43.70, 7.00), (43.79, 7.55), (43.82, 7.78), (43.88, 8.03), (44.05, 8.22), (44.17, 8.34), (44.31, 8.48),
     (44.36, 8.58), (44.42, 8.75), (44.40, 8.93), (44.37, 9.08), (44.34, 9.22), (44.27, 9.40), (44.15, 9.65),
     (44.08, 9.84), (44.03, 10.04), (43.87, 10.24), (43.50, 10.30), (43.50, 7.00)],
    # the Adriatic Sea (its outer coast: the Venetian lagoon counts as coast)
    [(45.75, 13.20), (45.62, 12.90), (45.52, 12.68), (45.42, 12.42), (45.27, 12.31), (45.10, 12.34),
     (44.96, 12.56), (44.82, 12.35), (44.60, 12.27), (44.26, 12.37), (44.06, 12.58), (43.90, 12.80),
     (43.90, 13.50), (45.75, 13.50)],
]
# Off the board: the high Alps beyond the lakes (the Adige valley up to Bolzano stays) and Tuscany
# beyond the crest of the Apennines.
OFF = [
    [(45.75, 7.00), (45.75, 7.70), (45.95, 8.30), (46.25, 8.70), (46.25, 9.50), (46.30, 10.30), (46.25, 10.85),
     (47.00, 10.85), (47.00, 7.00)],
    [(47.00, 11.65), (46.25, 11.65), (46.20, 12.00), (46.25, 13.20), (47.00, 13.20)],
    [(44.30, 9.85), (44.38, 10.05), (44.25, 10.45), (44.15, 10.70), (44.12, 11.20), (44.05, 11.60),
     (44.00, 12.00), (43.50, 12.00), (43.50, 9.95)],
]
