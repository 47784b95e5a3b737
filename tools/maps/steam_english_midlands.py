"""Midlands & North: the geography and design of data/maps/steam/english-midlands.toml, our own map
for Steam with 4-6 players (tools/make_steam_map.py). England from Birmingham and Coventry to York
and Lancaster, and from the Irish Sea and the Welsh hills to the North Sea and the Wash: Lancashire,
Yorkshire, the Potteries and the East Midlands on either side of the Pennines.

Geography: cities and towns are real places at their real latitude/longitude (to 0.01 degree, as any
atlas or gazetteer gives them); the Pennines and Peak District, the Forest of Bowland, the West
Pennine Moors, the Welsh, Shropshire and Lakeland hills, the North York Moors, the rivers, the
estuaries and the two seas are rough outlines of the real ones, a few points each, traced by hand from
general atlas maps. No published Steam or Railways of the World board was used.
Design (ours): which places are cities and which towns, colours, cubes and goods supply spaces.
Newcastle is left out: 18 rows reaching the Tyne need hexes of about 12 km, and then every grid
origin tried puts two cities side by side (most often Derby and Nottingham, or Leeds and Huddersfield).
Bradford (next to Leeds), Bolton and Blackburn (next to Manchester and Preston) are towns for the same
reason; Wakefield, Selby, Buxton, Grantham and Kendal were dropped to keep 19 towns, Wolverhampton for
Walsall (its name ran into Birmingham's) and Stafford (next to Walsall) for Wellington.
"""
ID = "english-midlands"
NAME = "Midlands & North"
MIN_PLAYERS, MAX_PLAYERS = 4, 6
HEADER = ["Geography and design: tools/maps/steam_english_midlands.py; figures explained in",
          "docs/rules-assumptions.md."]

LON0, LAT0 = -3.65, 54.38         # the centre of hex A1 (top-left)
COLS, ROWS = 18, 18
SIZE_KM = 8.5                     # hex circumradius in km (14.7 km across)
REF_LAT = 53.3

CUBE_REDUCTION: list[int] = []
CUBE_REDUCTION_NOTE = ["Ours: none. Four play 8 turns on a board drawn for up to six: the full 48 city cubes give",
                       "them 1.5 a railroad a turn (one fewer a city left 0.9, and most railroads went bankrupt)."]

# name, lat, lon, colour, cubes printed. 20 cities, 5 of each colour; 4 cubes for Manchester and
# Birmingham, 3 for Liverpool, Leeds, Sheffield and Hull, 2 for the others: 48.
CITIES = [
    ("Lancaster", 54.05, -2.80, "blue", 2),
    ("Preston", 53.76, -2.70, "yellow", 2),
    ("Liverpool", 53.41, -2.98, "red", 3),
    ("Chester", 53.19, -2.89, "purple", 2),
    ("Manchester", 53.48, -2.24, "blue", 4),
    ("Stoke", 53.00, -2.18, "yellow", 2),
    ("Shrewsbury", 52.71, -2.75, "red", 2),
    ("Birmingham", 52.49, -1.89, "purple", 4),
    ("Coventry", 52.41, -1.51, "yellow", 2),
    ("York", 53.96, -1.08, "blue", 2),
    ("Leeds", 53.80, -1.55, "red", 3),
    ("Huddersfield", 53.65, -1.78, "purple", 2),
    ("Sheffield", 53.38, -1.47, "yellow", 3),
    ("Doncaster", 53.52, -1.13, "purple", 2),
    ("Hull", 53.74, -0.33, "red", 3),
    ("Lincoln", 53.23, -0.54, "yellow", 2),
    ("Nottingham", 52.95, -1.15, "red", 2),
    ("Derby", 52.92, -1.48, "blue", 2),
    ("Leicester", 52.64, -1.13, "purple", 2),
    ("Peterborough", 52.57, -0.24, "blue", 2),
]
# The 12 cities with a goods supply space (the largest around 1900); the other 8 cannot grow.
SUPPLY = ["Liverpool", "Manchester", "Birmingham", "Leeds", "Sheffield", "Hull", "Nottingham", "Leicester",
          "Stoke", "Derby", "Preston", "York"]

TOWNS = [
    ("Blackpool", 53.82, -3.05), ("Blackburn", 53.75, -2.48), ("Bolton", 53.58, -2.43), ("Warrington", 53.39, -2.59),
    ("Crewe", 53.10, -2.44), ("Wrexham", 53.05, -2.99), ("Wellington", 52.70, -2.52), ("Walsall", 52.59, -1.98),
    ("Burton", 52.80, -1.64), ("Chesterfield", 53.24, -1.42), ("Loughborough", 52.77, -1.21),
    ("Newark", 53.08, -0.81), ("Bradford", 53.79, -1.75), ("Harrogate", 53.99, -1.54), ("Skipton", 53.96, -2.02),
    ("Scunthorpe", 53.59, -0.65), ("Grimsby", 53.57, -0.08), ("Scarborough", 54.28, -0.40), ("Boston", 52.98, -0.03),
]

HILLS = [
    # the Pennines: the Peak District, the South Pennines and the Yorkshire Dales
    [(53.02, -1.95), (53.15, -2.08), (53.35, -2.03), (53.50, -2.05), (53.62, -2.10), (53.72, -2.25),
     (53.85, -2.20), (53.95, -2.35), (54.10, -2.50), (54.45, -2.60), (54.45, -1.85), (54.15, -1.80),
     (53.95, -1.90), (53.80, -1.95), (53.65, -1.85), (53.55, -1.70), (53.40, -1.62), (53.20, -1.58),
     (53.05, -1.70)],
    # the Forest of Bowland
    [(53.90, -2.75), (54.05, -2.72), (54.08, -2.35), (53.92, -2.35)],
    # the West Pennine Moors
    [(53.62, -2.58), (53.72, -2.55), (53.72, -2.30), (53.62, -2.30)],
    # the Lakeland fells and the Howgills
    [(54.25, -3.60), (54.60, -3.60), (54.60, -2.45), (54.36, -2.50), (54.28, -2.85), (54.25, -3.10)],
    # the Welsh hills
    [(52.30, -3.70), (53.35, -3.70), (53.30, -3.15), (53.05, -3.05), (52.90, -3.05), (52.75, -3.10),
     (52.55, -3.05), (52.30, -3.00)],
    # the Shropshire Hills
    [(52.40, -3.00), (52.62, -2.95), (52.60, -2.65), (52.40, -2.70)],
    # the North York Moors
    [(54.22, -1.25), (54.55, -1.25), (54.55, -0.55), (54.25, -0.55)],
]
RIVERS = [
    ("Ribble", [(54.07, -2.28), (53.87, -2.39), (53.76, -2.70), (53.73, -2.90)]),
    ("Mersey", [(53.41, -2.16), (53.44, -2.30), (53.39, -2.59), (53.34, -2.73)]),
    ("Dee", [(52.97, -3.17), (53.05, -2.93), (53.19, -2.89), (53.22, -2.97)]),
    ("Severn", [(52.66, -3.15), (52.71, -2.75), (52.63, -2.48), (52.53, -2.42), (52.38, -2.32)]),
    ("Trent", [(53.08, -2.13), (53.00, -2.18), (52.90, -2.15), (52.76, -1.93), (52.80, -1.63), (52.87, -1.40),
               (52.94, -1.14), (53.08, -0.81), (53.40, -0.77), (53.70, -0.70)]),
    ("Derwent", [(53.14, -1.55), (52.92, -1.48), (52.87, -1.33)]),
    ("Soar", [(52.64, -1.13), (52.77, -1.21), (52.87, -1.27)]),
    ("Don", [(53.38, -1.47), (53.43, -1.36), (53.52, -1.13), (53.70, -0.90)]),
    ("Aire", [(53.96, -2.02), (53.80, -1.55), (53.72, -1.36), (53.70, -0.90)]),
    ("Ouse", [(54.09, -1.40), (53.96, -1.08), (53.78, -1.07), (53.70, -0.87), (53.70, -0.70)]),
]
# Estuaries drawn along their channels: track may not cross them.
WALLS = [
    ("the Humber", [(53.70, -0.70), (53.71, -0.55), (53.72, -0.42), (53.71, -0.30), (53.68, -0.18),
                    (53.62, -0.08), (53.57, 0.10)]),
    ("the Mersey estuary", [(53.35, -2.70), (53.31, -2.82), (53.33, -2.92), (53.40, -3.00), (53.46, -3.05)]),
    ("the Dee estuary", [(53.26, -3.04), (53.30, -3.10), (53.36, -3.22)]),
]
SEAS = [
    # the Irish Sea with Morecambe Bay
    [(54.60, -5.00), (54.60, -3.40), (54.10, -3.22), (54.18, -3.05), (54.20, -2.86), (54.08, -2.86),
     (54.02, -2.92), (53.92, -3.02), (53.80, -3.06), (53.74, -2.98), (53.72, -2.88), (53.68, -2.97),
     (53.60, -3.05), (53.48, -3.06), (53.44, -3.02), (53.41, -3.08), (53.39, -3.20), (53.35, -3.22),
     (53.33, -3.40), (53.30, -3.80), (53.00, -5.00)],
    # the North Sea with the Wash
    [(54.60, -0.75), (54.49, -0.61), (54.43, -0.52), (54.28, -0.39), (54.21, -0.28), (54.12, -0.07),
     (54.08, -0.19), (53.91, -0.16), (53.73, 0.04), (53.58, 0.13), (53.56, -0.02), (53.45, 0.15),
     (53.34, 0.27), (53.14, 0.35), (53.02, 0.22), (52.95, 0.05), (52.85, 0.05), (52.78, 0.25), (52.85, 0.45),
     (52.97, 0.55), (52.95, 1.50), (54.60, 1.50)],
]
# Off the board: Norfolk and the Fens east of the Wash.
OFF = [[(52.95, 0.15), (52.30, 0.15), (52.30, 1.50), (52.95, 1.50)]]
