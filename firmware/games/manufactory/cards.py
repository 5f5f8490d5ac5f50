# Generated from assets/decks/manufactory.csv by `python -m tools.decks`: do not edit.
# One byte per card and column, indexed by card id (255 = empty).

COUNT = 75
NAME_NAMES = ('Polished Gear', 'Guard Rail', 'Signal Bell', 'Safety Valve', 'Shield Plate',
    'Balance Spring', 'Ivory Lever', 'Lantern Lens', 'Dawn Reflector', 'Beacon Mirror',
    'Glass Tube', 'Mist Fan', 'Pressure Gauge', 'Vapour Nozzle', 'Water Pump', 'Cooling Coil',
    'Drift Compass', 'Tide Wheel', 'Steam Condenser', 'Calculating Drum', 'Smoke Bellows',
    'Rusted Chain', 'Soot Chimney', 'Night Gear', 'Coal Hopper', 'Shadow Shutter', 'Iron Claw',
    'Dark Piston', 'Grinding Jaw', 'Scrap Press', 'Spark Plug', 'Fuse Box', 'Fire Drill',
    'Furnace Grate', 'Blast Pipe', 'Rocket Fin', 'Hammer Arm', 'Flame Jet', 'Molten Ladle',
    'Boiler Core', 'Leaf Spring', 'Vine Cable', 'Seed Sower', 'Moss Filter', 'Sap Pump',
    'Timber Frame', 'Root Drill', 'Growth Lamp', 'Beehive Engine', 'Oak Flywheel', 'Copper Wire',
    'Steel Bolt', 'Ball Bearing', 'Drive Belt', 'Crank Handle', 'Gear Box', 'Iron Chassis',
    'Mainspring Heart', 'Steam Hammer', 'Great Turbine', 'Split Lens', 'Diving Bell',
    'Forge Bellows', 'Wild Engine', 'Garden Automaton', 'Counterweight', 'Storm Capacitor',
    'Compost Grinder', 'Alarm Siren', 'Rain Collector', 'Junk Yard', 'Tool Shed', 'Foundry Floor',
    'Salvage Heap', 'Assembly Hall')
NAME = (
    b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13"
    b"\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21\x22\x23\x24\x25\x26\x27"
    b"\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b"
    b"\x3c\x3d\x3e\x3f\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a"
)
COLOURS_NAMES = ('W', 'U', 'B', 'R', 'G', 'C', 'WU', 'UB', 'BR', 'RG', 'GW', 'WB', 'UR', 'BG',
    'RW', 'GU', 'WUBRGC')
COLOURS = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x02\x02\x02\x02\x02\x02\x02\x02\x02\x02\x03\x03\x03\x03\x03\x03\x03\x03\x03\x03"
    b"\x04\x04\x04\x04\x04\x04\x04\x04\x04\x04\x05\x05\x05\x05\x05\x05\x05\x05\x05\x05"
    b"\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x10\x10\x10\x10"
)
MANA = (
    b"\x01\x01\x02\x02\x03\x03\x04\x05\x06\x07\x01\x01\x02\x02\x03\x03\x04\x05\x06\x07"
    b"\x01\x01\x02\x02\x03\x03\x04\x05\x06\x07\x01\x01\x02\x02\x03\x03\x04\x05\x06\x07"
    b"\x01\x01\x02\x02\x03\x03\x04\x05\x06\x07\x00\x01\x01\x02\x02\x03\x04\x05\x06\x07"
    b"\x03\x04\x03\x05\x04\x02\x05\x03\x02\x04\x00\x00\x00\x00\x00"
)
KIND_NAMES = ('part', 'land')
KIND = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01"
)
ICON_NAMES = ('gear', 'frame', 'bell', 'valve', 'plate', 'spring', 'lever', 'lens', 'pipe', 'fan',
    'gauge', 'pump', 'coil', 'tank', 'drum', 'bellows', 'chain', 'claw', 'piston', 'press',
    'spark', 'box', 'drill', 'bulb', 'bolt', 'yard')
ICON = (
    b"\x00\x01\x02\x03\x04\x05\x06\x07\x07\x07\x08\x09\x0a\x08\x0b\x0c\x0a\x00\x0d\x0e"
    b"\x0f\x10\x08\x00\x0d\x04\x11\x12\x11\x13\x14\x15\x16\x01\x08\x04\x06\x14\x0d\x0e"
    b"\x05\x10\x15\x09\x0b\x01\x16\x17\x0e\x00\x0c\x18\x00\x10\x06\x15\x01\x05\x12\x09"
    b"\x07\x02\x0f\x12\x00\x04\x0c\x13\x02\x0d\x19\x19\x19\x19\x19"
)
NAME_FR_NAMES = ('Engrenage poli', 'Garde-corps', 'Cloche de signal', 'Soupape de sûreté',
    'Plaque de blindage', "Ressort d'équilibre", "Levier d'ivoire", 'Lentille de lanterne',
    "Réflecteur d'aube", 'Miroir de phare', 'Tube de verre', 'Ventilateur à brume', 'Manomètre',
    'Buse à vapeur', 'Pompe à eau', 'Serpentin de refroidissement', 'Compas de dérive',
    'Roue à marée', 'Condenseur à vapeur', 'Tambour à calcul', 'Soufflet à fumée',
    'Chaîne rouillée', 'Cheminée de suie', 'Rouage de nuit', 'Trémie à charbon', "Volet d'ombre",
    'Griffe de fer', 'Piston noir', 'Mâchoire broyeuse', 'Presse à ferraille', "Bougie d'allumage",
    'Boîte à fusibles', 'Foret à feu', 'Grille de fourneau', 'Tuyère', 'Aileron de fusée',
    'Bras marteau', 'Jet de flamme', 'Louche de fonte', 'Cœur de chaudière', 'Ressort à lames',
    'Câble-liane', 'Semoir', 'Filtre à mousse', 'Pompe à sève', 'Charpente de bois',
    'Foreuse à racines', 'Lampe de croissance', 'Moteur de ruche', 'Volant de chêne',
    'Fil de cuivre', "Boulon d'acier", 'Roulement à billes', 'Courroie', 'Manivelle',
    'Boîte de vitesses', 'Châssis de fer', 'Cœur à ressort', 'Marteau-pilon', 'Grande turbine',
    'Lentille double', 'Cloche de plongée', 'Soufflet de forge', 'Moteur sauvage',
    'Automate jardinier', 'Contrepoids', "Condensateur d'orage", 'Broyeur à compost',
    "Sirène d'alarme", 'Collecteur de pluie', 'Casse', 'Remise à outils', 'Sol de fonderie',
    'Tas de récupération', "Hall d'assemblage")
NAME_FR = (
    b"\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13"
    b"\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x20\x21\x22\x23\x24\x25\x26\x27"
    b"\x28\x29\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39\x3a\x3b"
    b"\x3c\x3d\x3e\x3f\x40\x41\x42\x43\x44\x45\x46\x47\x48\x49\x4a"
)
