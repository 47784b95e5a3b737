"""Western U.S.: the geography and design of data/maps/rotw/western-us.toml, our own map for 2-6
players (tools/make_rotw_map.py, GEOGRAPHY "data"): from the Pacific coast to the Missouri, the
Rockies and the Sierra Nevada between (railways-of-the-world.txt, "RAILWAYS of the WESTERN U.S.";
City Rotors and Fuel Depots are its modules).

Geography from data (tools/geodata.py, tools/rotw_geo.py); the Columbia, Colorado and Missouri drawn
by hand. No published board was used. Markers for 2-5 players are the rulebook's ("Ending the Game");
the rulebook recommends the map for 6 but prints no figure: 17 is ours (one more step of 2, then 2).
"""
ID = "western-us"
NAME = "Western U.S."
SUMMARY = "Pacific to the Missouri: the Rockies, the Sierra and long empty plains"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HEADER = ["Geography and design: tools/maps/western_us.py; figures explained in docs/rules-assumptions.md."]
GEOGRAPHY = "data"

LON0, LAT0 = -124.8, 49.2
COLS, ROWS = 32, 25
SIZE_KM = 50.0
REF_LAT = 40.0

EMPTY_CITY_MARKERS = {2: 10, 3: 11, 4: 13, 5: 15, 6: 17}
MARKERS_NOTE = "the rulebook's for 2-5 players (Western U.S., \"Ending the Game\"); 6 players ours"
CUBE_REDUCTION = [2, 3]
CUBE_REDUCTION_NOTE = ['"Cube Reduction Chart": Western U.S., reduce with 2 and 3 players.']
MOUNTAIN_SCORE, RIDGE_SCORE = 1.1, 1.45

GAZETTEER = {"least": 25000, "count": 52, "majors": 8, "countries": ("US",),
             "drop": ("Aurora", "Lakewood", "Thornton", "Arvada", "Westminster", "Centennial", "Mesa", "Chandler",
                      "Gilbert", "Glendale", "Scottsdale", "Peoria", "Surprise", "Henderson", "North Las Vegas",
                      "Paradise", "Spring Valley", "Sunrise Manor", "Enterprise", "West Valley City", "Oakland",
                      "San Jose", "Fremont", "Hayward", "Sunnyvale", "Santa Clara", "Long Beach", "Anaheim",
                      "Santa Ana", "Irvine", "Riverside", "San Bernardino", "Fontana", "Moreno Valley",
                      "Chula Vista", "Overland Park", "Olathe", "Independence", "Round Rock", "Plano", "Arlington",
                      "Irving", "Garland", "Grand Prairie", "Mesquite", "McKinney", "Frisco", "Denton", "Killeen",
                      "Bellevue", "Kent", "Renton", "Everett", "Gresham", "Hillsboro", "Beaverton", "Vancouver",
                      "Elk Grove", "Roseville", "Stockton", "Modesto", "Rio Rancho", "Nampa", "Meridian",
                      "Santa Clarita", "Lancaster", "Palmdale", "Oxnard", "Thousand Oaks", "Simi Valley",
                      "Huntington Beach", "Lewisville")}
RIVERS = [
    [(46.2, -123.9), (45.6, -121.2), (46.2, -119.1)],                                 # Columbia
    [(36.0, -114.7), (34.3, -114.2), (32.7, -114.6)],                                 # Colorado
    [(47.5, -111.3), (48.0, -106.4), (46.8, -100.8), (42.5, -96.4), (39.1, -94.6)],   # Missouri
]
RIVER_KM = 18.0
SERVICE_BOUNTIES = []
