"""Railhead's static data files (maps, tables, cards as TOML), shipped as package data."""
