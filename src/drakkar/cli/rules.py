"""placeholder until written"""
