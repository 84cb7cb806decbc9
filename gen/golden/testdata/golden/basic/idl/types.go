package aws
