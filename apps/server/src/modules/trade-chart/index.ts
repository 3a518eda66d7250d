/**
 * The trade chart module's public file: other modules import it only from here (lint enforces it).
 * Nothing is exported yet; reports would read trade_excursions through a function added here.
 */
export {};
