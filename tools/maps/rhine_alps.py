"""Rhine & Alps: the geography and design of data/maps/rotw/rhine-alps.toml (tools/make_rotw_map.py).

Cities are real places at their real latitude/longitude; mountains, rivers, lakes and seas are rough
outlines of the real ones. Colours, cube counts and bounties are our own design, chosen for balance.
Antwerpen, Dortmund, Metz and Bologna were left out: on this grid each falls next to a bigger city
(Rotterdam/Brussel, Münster, Nancy/Luxembourg, Parma/Genova), and cities need a hex between them.
"""
ID = "rhine-alps"
NAME = "Rhine & Alps"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
HEADER = ["Geography and design: tools/maps/rhine_alps.py."]

LON0, LAT0 = 1.75, 52.75          # the centre of hex A1 (top-left)
COLS, ROWS = 21, 24
SIZE_KM = 26.0                    # hex circumradius in km
REF_LAT = 48.0

# Empty city markers by player count, sized to 50 cities and games of about 8-10 turns.
EMPTY_CITY_MARKERS = {2: 9, 3: 11, 4: 13}
CUBE_REDUCTION = [2, 3]
CUBE_REDUCTION_NOTE = ['The base rules\' setup (Eastern U.S.): "In a 2 or 3 player game, reduce the number of goods',
                       'cubes placed in each city by one."']

# name, lat, lon, colour, cubes (4 players; 2-3 players place one fewer, minimum 1)
CITIES = [
    ("Amsterdam", 52.37, 4.90, "blue", 3), ("Rotterdam", 51.92, 4.48, "yellow", 3),
    ("Brussel", 50.85, 4.35, "red", 3),
    ("Lille", 50.63, 3.06, "black", 2), ("Liège", 50.63, 5.57, "black", 2),
    ("Eindhoven", 51.44, 5.47, "gray", 1), ("Arnhem", 51.98, 5.91, "red", 2),
    ("Münster", 51.96, 7.63, "purple", 2),
    ("Köln", 50.94, 6.96, "yellow", 3), ("Koblenz", 50.36, 7.59, "gray", 1),
    ("Kassel", 51.31, 9.48, "blue", 2), ("Hannover", 52.37, 9.73, "red", 2),
    ("Frankfurt", 50.11, 8.68, "red", 3), ("Fulda", 50.55, 9.68, "gray", 1),
    ("Würzburg", 49.79, 9.95, "purple", 2), ("Nürnberg", 49.45, 11.08, "yellow", 2),
    ("Erfurt", 50.98, 11.03, "black", 2), ("Regensburg", 49.01, 12.10, "gray", 1),
    ("Mannheim", 49.49, 8.47, "blue", 2), ("Saarbrücken", 49.24, 6.99, "gray", 1),
    ("Luxembourg", 49.61, 6.13, "gray", 1),
    ("Reims", 49.26, 4.03, "purple", 2), ("Paris", 48.86, 2.35, "blue", 3),
    ("Troyes", 48.30, 4.08, "gray", 1), ("Nancy", 48.69, 6.18, "red", 2),
    ("Strasbourg", 48.58, 7.75, "black", 2), ("Stuttgart", 48.78, 9.18, "red", 2),
    ("Ulm", 48.40, 9.99, "gray", 1), ("München", 48.14, 11.58, "purple", 3),
    ("Salzburg", 47.81, 13.04, "gray", 1), ("Innsbruck", 47.27, 11.39, "blue", 2),
    ("Dijon", 47.32, 5.04, "yellow", 2), ("Besançon", 47.24, 6.02, "gray", 1),
    ("Basel", 47.56, 7.59, "purple", 2), ("Zürich", 47.38, 8.54, "yellow", 3),
    ("Bern", 46.95, 7.45, "black", 2), ("Genève", 46.20, 6.14, "blue", 2),
    ("Lyon", 45.76, 4.84, "red", 3), ("Grenoble", 45.19, 5.72, "purple", 2),
    ("Torino", 45.07, 7.69, "black", 2), ("Milano", 45.46, 9.19, "blue", 3),
    ("Brescia", 45.54, 10.21, "gray", 1), ("Verona", 45.44, 10.99, "yellow", 2),
    ("Venezia", 45.44, 12.33, "purple", 2), ("Trento", 46.07, 11.12, "gray", 1),
    ("Genova", 44.41, 8.93, "red", 2), ("Parma", 44.80, 10.33, "black", 2),
    ("Chur", 46.85, 9.53, "gray", 1),
    ("Aosta", 45.74, 7.32, "gray", 1), ("Leipzig", 51.34, 12.37, "yellow", 2),
]

# Service Bounty operations cards for this map (our figures): city, points.
SERVICE_BOUNTIES = [("Paris", 3), ("München", 3), ("Milano", 3), ("Amsterdam", 2), ("Lyon", 2), ("Leipzig", 2)]

# Track spurs per city by its cube count (4 players): major cities every land side, others 4,
# gray towns 3; CONE: how far (degrees) from a side's direction a city still counts as faced.
SPURS = {3: 6, 2: 4, 1: 3}
CONE = 45

# Rough outlines (lat, lon) of the real ranges.
MOUNTAINS = [
    [(47.6, 6.4), (47.7, 9.0), (47.7, 12.0), (47.75, 13.3), (46.6, 13.3), (46.1, 12.2), (45.85, 10.5),
     (45.8, 9.3), (45.5, 8.0), (44.9, 7.6), (44.3, 7.3), (44.0, 6.6), (45.2, 6.1), (46.3, 6.6), (46.9, 7.3)],
    [(47.5, 6.8), (47.2, 7.4), (46.5, 6.3), (46.0, 5.8), (46.4, 5.6), (47.1, 6.1)],          # Jura
    [(48.9, 7.25), (48.9, 7.45), (47.9, 7.1), (47.8, 6.85), (48.4, 6.95)],                  # Vosges
    [(48.9, 8.35), (48.9, 8.65), (47.7, 8.45), (47.65, 7.95), (48.3, 8.05)],                 # Black Forest
    [(44.7, 8.6), (44.7, 9.6), (44.3, 11.3), (44.0, 11.3), (44.2, 9.6), (44.5, 8.6)],        # Apennines
    [(50.5, 5.6), (50.5, 6.9), (49.9, 7.0), (49.8, 6.2), (49.95, 5.4)],                       # Ardennes/Eifel
    [(50.8, 10.2), (50.8, 11.6), (50.45, 11.6), (50.45, 10.4)],                               # Thuringian Forest
    [(49.3, 12.5), (49.3, 13.4), (48.7, 13.4), (48.8, 12.6)],                                 # Bavarian Forest
    [(51.9, 10.3), (51.9, 11.0), (51.65, 11.0), (51.65, 10.3)],                               # Harz
]
# The high Alps: ridges along their northern rim.
HIGH_RANGES = [[(47.2, 7.0), (47.2, 12.9), (46.4, 12.9), (46.0, 10.5), (45.9, 7.8), (45.3, 7.0), (46.0, 6.7)]]
RIVERS = [
    [(47.56, 7.59), (48.58, 7.8), (49.49, 8.45), (50.0, 8.27), (50.36, 7.6), (50.94, 6.96), (51.8, 6.2),
     (51.98, 5.91), (51.92, 4.48)],                                                         # Rhine
    [(49.79, 9.95), (50.0, 9.4), (50.11, 8.68), (50.0, 8.27)],                               # Main
    [(48.69, 6.18), (49.12, 6.18), (49.7, 6.4), (50.0, 7.0), (50.36, 7.59)],                 # Moselle
    [(48.40, 9.99), (48.7, 11.0), (49.01, 12.10), (48.57, 13.46)],                           # Danube
    [(46.20, 6.14), (45.9, 5.8), (45.76, 4.84), (44.0, 4.7)],                                # Rhône
    [(47.32, 5.0), (46.3, 4.85), (45.76, 4.84)],                                             # Saône
    [(45.07, 7.69), (45.05, 9.7), (45.0, 11.0), (44.95, 12.3)],                              # Po
    [(48.30, 4.08), (48.4, 3.0), (48.86, 2.35)],                                             # Seine
]
RIVER_KM = 19.0
LAKES = [(46.45, 6.55, 30), (47.6, 9.4, 25), (45.65, 10.7, 18)]  # Geneva, Constance, Garda
SEAS = [
    [(53.0, 1.0), (53.0, 4.7), (52.3, 4.5), (51.6, 3.6), (51.1, 2.5), (51.0, 1.0)],         # North Sea
    [(44.45, 7.5), (44.35, 8.8), (44.2, 9.7), (43.5, 10.3), (43.5, 7.0)],                    # Ligurian Sea
    [(45.5, 12.45), (45.8, 13.2), (45.8, 14.0), (43.5, 14.0), (43.5, 12.2), (44.8, 12.4)],   # Adriatic
]
